import { type Client, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

const listenersByClient = new WeakMap<Client, { hook: () => void; listeners: Set<() => void> }>();

/**
 * A signal that fires when `client`'s connection closes, so a -32042 exchange stops prompting and waiting
 * for a server that is gone. Chains onto `client.onclose` (keeping whatever was there), re-chaining if the
 * application replaced it since.
 */
export function closeSignal(client: Client): { signal: AbortSignal; dispose: () => void } {
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
  const listener = () => controller.abort(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
  const { listeners } = entry;
  listeners.add(listener);
  return { signal: controller.signal, dispose: () => listeners.delete(listener) };
}
