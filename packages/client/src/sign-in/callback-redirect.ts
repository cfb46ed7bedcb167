import type { SignInRedirect } from './sign-in.js';

/** A redirect to a route of the host's own server, which hands each callback to {@link CallbackRedirect.complete}. */
export interface CallbackRedirect extends SignInRedirect {
  /**
   * Hands a callback (its URL or query) to the sign-in waiting for its `state`. False when none waits (finished,
   * timed out, never started here): answer the browser with a page that says so.
   */
  complete(callback: URL | URLSearchParams): boolean;
}

/** Sign-ins waited for at once, at most: more are refused rather than held (each is a stranger's request). */
const MAX_WAITING = 10_000;

/**
 * For a host that runs on a server (an agent): the browser comes back to `url`, a route of the host's own app
 * (registered with the authorization server as a `web` client's redirect). The route calls `complete` with what it
 * received; the sign-in waiting for that `state` goes on.
 */
export function callbackRedirect(url: URL | string): CallbackRedirect {
  const href = new URL(String(url)).href;
  const waiters = new Map<string, (params: URLSearchParams) => void>();
  return {
    prepare: async () => href,
    waitForCallback(state, signal) {
      return new Promise((resolve, reject) => {
        if (waiters.size >= MAX_WAITING) {
          reject(new Error(`${MAX_WAITING} sign-ins are already waiting for their callback`));
          return;
        }
        const onAbort = () => {
          waiters.delete(state);
          reject(signal.reason);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        waiters.set(state, (params) => {
          signal.removeEventListener('abort', onAbort);
          waiters.delete(state);
          resolve(params);
        });
      });
    },
    complete(callback) {
      const params = callback instanceof URL ? callback.searchParams : callback;
      const deliver = waiters.get(params.get('state') ?? '');
      deliver?.(params);
      return deliver !== undefined;
    },
    async close() {
      waiters.clear();
    },
  };
}
