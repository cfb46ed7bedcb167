import { invalidOptionError } from '../errors.js';
import { type AesGcm, aesGcm } from './aes-gcm.js';
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';

/**
 * Keys that seal `requestState` (2026-07-28 multi round-trip requests). Web-standard APIs only, so the form path
 * runs on edge runtimes; reading a key file lives in `state-key-file.ts` (Node).
 *
 * Every instance that may receive a retry needs the same keys. `current` seals; `previous` still open state sealed
 * before a rotation, so flows in progress survive it (each sealed state names its key by id).
 */
export interface StateKey {
  /** Public fingerprint of the key, written into each sealed state so the right key opens it. */
  readonly id: string;
  /** The cipher under this key (Web Crypto, or Node's where it is proven to match; see aes-gcm.ts). */
  readonly aes: AesGcm;
}

export interface StateKeyring {
  readonly current: StateKey;
  find(id: string): StateKey | undefined;
}

/** A key as configured: 32 bytes, raw or base64 / base64url text (44 or 43 characters). */
export type StateKeyInput = Uint8Array | string;

/** The environment variable `enableElicitation` reads the `requestState` key from. */
export const STATE_KEY_ENV = 'ELICITKIT_STATE_KEY';
/** The environment variable for keys from before a rotation, comma-separated, still accepted for opening. */
export const STATE_PREVIOUS_KEYS_ENV = 'ELICITKIT_STATE_PREVIOUS_KEYS';

/** Checks a configured key at once (it is imported lazily); throws an `invalid-option` `UsageError` naming the option. */
export function checkStateKey(input: StateKeyInput, option: string): void {
  keyBytes(input, option);
}

function keyBytes(input: StateKeyInput, option: string): Uint8Array<ArrayBuffer> {
  if (typeof input !== 'string') {
    if (!(input instanceof Uint8Array) || input.byteLength !== 32) {
      throw invalidOptionError(option, 'must be 32 bytes (a Uint8Array, or base64 text of 32 bytes)');
    }
    return Uint8Array.from(input);
  }
  const text = input.trim().replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  const bytes = base64UrlToBytes(text);
  if (bytes?.byteLength !== 32) {
    throw invalidOptionError(
      option,
      'must be 32 bytes, base64-encoded (44 characters); make one with generateStateKey()',
    );
  }
  return bytes;
}

async function importKey(input: StateKeyInput, option: string): Promise<StateKey> {
  const raw = keyBytes(input, option);
  const digest = new Uint8Array(
    await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(`elicitkit.state.key-id:${bytesToBase64Url(raw)}`),
    ),
  );
  return { id: bytesToBase64Url(digest.subarray(0, 6)), aes: await aesGcm(raw) };
}

/** The keyring from a current key and older ones still accepted for opening. */
export async function createStateKeyring(
  current: StateKeyInput,
  previous: readonly StateKeyInput[] = [],
): Promise<StateKeyring> {
  const currentKey = await importKey(current, 'requestState.key');
  const older = await Promise.all(previous.map((k, i) => importKey(k, `requestState.previousKeys[${i}]`)));
  const byId = new Map([...older, currentKey].map((k) => [k.id, k]));
  return { current: currentKey, find: (id) => byId.get(id) };
}

/** A fresh random key, base64-encoded, for configuration. */
export function generateStateKey(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
