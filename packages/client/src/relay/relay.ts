import type { UrlOpener } from '../open/opener.js';
import type { ElicitationUI, FormAnswer, UrlAnswer } from '../ui.js';
import { relayHttp } from './http.js';
import { type RelayLimits, relayLimits } from './limits.js';
import {
  formQuestion,
  type Question,
  type QuestionAddress,
  type QuestionAnswer,
  urlQuestion,
} from './question.js';
import { memoryRelayStore, type RelayStore } from './store.js';

/** Options of {@link createRelay}. */
export interface RelayOptions {
  /**
   * Who sent a browser request: the app's name for the signed-in person (from its session cookie, a bearer, the
   * framework's auth), or undefined (401). The same names the agent passes to {@link Relay.ui}.
   */
  authenticate(request: Request): string | undefined | Promise<string | undefined>;
  /** Where questions are kept; default {@link memoryRelayStore} (one process). */
  store?: RelayStore;
  /** Where the endpoints live, e.g. `/elicitkit` (the default): `<basePath>/questions`, `…/events`, `…/<id>/answer`. */
  basePath?: string;
  /** Origins of pages allowed to answer besides the endpoint's own (CSRF): e.g. the app's front end on another port. */
  allowedOrigins?: readonly string[];
  limits?: Partial<RelayLimits>;
  /**
   * Each new question, once stored: where a channel adapter posts it for people who are not on a page (Slack, Teams,
   * email, SMS), with a link to a page of yours that shows just that question (`connectRelay({ question: id })`). The
   * person signs in there as usual; only they can answer, once. A failing hook is reported to `onError`, and the
   * question stays answerable from every page.
   */
  onAsked?: (question: Question) => void | Promise<void>;
  /** Where a failing `onAsked` is reported. Default: `console.error`. */
  onError?: (error: unknown) => void;
  /** The relay's clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

/**
 * The relay (issue 27): the UI of MCP clients that run on a server, for people who are somewhere else. Each question
 * a client's host pipeline asks (after its checks: schema rules, URL analysis, rate limits) is stored, addressed to
 * the person the agent acts for, and shown in every page of theirs that listens; the first valid answer wins, every
 * other page sees it closed. Mount {@link Relay.fetch} where pages can reach it.
 */
export interface Relay {
  /**
   * The UI for an MCP client acting for `address.principal`: `installElicitation(client, { ui: relay.ui(...),
   * opener: relay.opener })`, or `createElicitationHandler` for other clients (the AI SDK, Mastra).
   */
  ui(address: QuestionAddress): ElicitationUI;
  /** The opener to pair with {@link ui}: nothing opens on the server; the person's page opens a consented URL. */
  readonly opener: UrlOpener;
  /** The browser endpoints, fetch-style (Next.js route handlers, workers, hono; Node `http` through an adapter). */
  fetch(request: Request): Promise<Response>;
}

/** Makes a {@link Relay}: one per process, shared by the MCP clients of every person the agent acts for. */
export function createRelay(options: RelayOptions): Relay {
  const limits = relayLimits(options.limits);
  const now = options.now ?? Date.now;
  const store = options.store ?? memoryRelayStore({ now });

  /** Stores `question` and waits for its answer, its withdrawal, or its expiry. */
  const ask = (question: Question, signal: AbortSignal): Promise<QuestionAnswer> =>
    new Promise((resolve) => {
      let done = false;
      const finish = (answer: QuestionAnswer) => {
        if (done) return;
        done = true;
        stopWatching();
        signal.removeEventListener('abort', withdraw);
        clearTimeout(expiry);
        resolve(answer);
      };
      const stopWatching = store.watch(question.principal, (event) => {
        if (event.type !== 'settled' || event.id !== question.id) return;
        finish(event.status === 'answered' && event.answer ? event.answer : { action: 'cancel' });
      });
      // The call ended or was cancelled, or the question expired: every page sees it withdrawn.
      const withdraw = () => {
        void store.settle(question.id, 'withdrawn').finally(() => finish({ action: 'cancel' }));
      };
      signal.addEventListener('abort', withdraw, { once: true });
      const expiry = setTimeout(withdraw, Math.max(0, question.expiresAt - now()));
      expiry.unref?.();
      if (signal.aborted) return withdraw();
      store.add(question, limits.maxPendingPerPrincipal).then(
        (added) => {
          // Over the person's limit: answered `cancel` at once, as a host's rate limit does.
          if (!added) return finish({ action: 'cancel' });
          // Withdrawn while it was being stored (the withdrawal found nothing to settle then): withdrawn now.
          if (done) return void store.settle(question.id, 'withdrawn');
          tellChannels(question);
        },
        () => finish({ action: 'cancel' }),
      );
    });

  const onError =
    options.onError ?? ((error: unknown) => console.error('elicitkit relay: onAsked failed', error));
  const tellChannels = (question: Question) => {
    if (!options.onAsked) return;
    try {
      Promise.resolve(options.onAsked(question)).catch(onError);
    } catch (error) {
      onError(error);
    }
  };

  const base = (address: QuestionAddress) => {
    const askedAt = now();
    return {
      id: crypto.randomUUID(),
      principal: address.principal,
      ...(address.conversation !== undefined && { conversation: address.conversation }),
      askedAt,
      expiresAt: askedAt + limits.questionTtlMs,
    };
  };

  return {
    ui(address) {
      if (typeof address?.principal !== 'string' || address.principal.length === 0) {
        throw new TypeError('relay.ui: address.principal must name the person the agent acts for');
      }
      return {
        async form(prompt): Promise<FormAnswer> {
          const answer = await ask(formQuestion(prompt, base(address)), prompt.signal);
          if (answer.action === 'submit') return answer;
          return answer.action === 'consent' ? { action: 'cancel' } : { action: answer.action };
        },
        async url(prompt): Promise<UrlAnswer> {
          const answer = await ask(urlQuestion(prompt, base(address)), prompt.signal);
          return answer.action === 'submit' ? { action: 'cancel' } : answer;
        },
      };
    },
    opener: async () => {},
    fetch: relayHttp({
      store,
      limits,
      now,
      authenticate: options.authenticate,
      basePath: options.basePath ?? '/elicitkit',
      allowedOrigins: options.allowedOrigins ?? [],
    }),
  };
}
