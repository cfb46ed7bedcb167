import { bytesToBase64Url } from './base64url.js';
import {
  createStateKeyring,
  STATE_KEY_ENV,
  STATE_PREVIOUS_KEYS_ENV,
  type StateKeyInput,
  type StateKeyring,
} from './state-keys.js';

export type { StateKeyInput };

/**
 * Keyrings by configured key text: a server made per request (`createMcpHandler`'s factory) imports its keys
 * once per process, not once per request. Small and bounded: a process has a handful of keys.
 */
const keyrings = new Map<string, Promise<StateKeyring>>();
const MAX_CACHED = 16;
let ephemeral: string | undefined;

export function stateKeyring(
  key: StateKeyInput | undefined,
  previous: readonly StateKeyInput[] = [],
): Promise<StateKeyring> {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  // Without configuration: one random key for this process (flows survive no restart and no other instance).
  ephemeral ??= bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const current = key ?? env?.[STATE_KEY_ENV] ?? ephemeral;
  const older =
    previous.length > 0 || key !== undefined
      ? previous
      : (env?.[STATE_PREVIOUS_KEYS_ENV] ?? '').split(',').filter((k) => k.trim() !== '');
  const cacheKey = [current, ...older]
    .map((k) => (typeof k === 'string' ? k : bytesToBase64Url(k)))
    .join(',');
  let keyring = keyrings.get(cacheKey);
  if (!keyring) {
    if (keyrings.size >= MAX_CACHED) keyrings.delete(keyrings.keys().next().value as string);
    keyring = createStateKeyring(current, older);
    keyrings.set(cacheKey, keyring);
  }
  return keyring;
}
