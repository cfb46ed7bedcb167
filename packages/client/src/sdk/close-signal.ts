/** The part of either SDK's client that reports a closed connection. */
export interface ClosableClient {
  onclose?: (() => void) | undefined;
}

const listenersByClient = new WeakMap<object, { hook: () => void; listeners: Set<() => void> }>();

/**
 * A signal that fires when `client`'s connection closes, so a call stops prompting and waiting for a server
 * that is gone. Chains onto `client.onclose` (keeping whatever was there), re-chaining if the application
 * replaced it since. `reason` makes the abort reason (the SDK's own "connection closed" error).
 */
export function closeSignal(
  client: ClosableClient,
  reason: () => unknown,
): { signal: AbortSignal; dispose: () => void } {
  let entry = listenersByClient.get(client);
  if (!entry || client.onclose !== entry.hook) {
    const previous = client.onclose;
    const listeners = entry?.listeners ?? new Set<() => void>();
    const hook = () => {
      previous?.();
      for (const listener of [...listeners]) listener();
    };
    entry = { hook, listeners };
    listenersByClient.set(client, entry);
    client.onclose = hook;
  }
  const controller = new AbortController();
  const listener = () => controller.abort(reason());
  const { listeners } = entry;
  listeners.add(listener);
  return { signal: controller.signal, dispose: () => listeners.delete(listener) };
}
