import type { Clock } from '@elicitkit/core';
import { requestStateRejectedError } from '../errors.js';
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';
import { randomBytes } from './random-pool.js';
import type { StateKeyring } from './state-keys.js';

/**
 * `requestState` as authenticated encryption (AES-256-GCM through Web Crypto). M-05: the state comes back from the
 * client as attacker-controlled input, and earlier answers may be personal data, so it is encrypted, not only
 * signed. M-06: each state is bound to the principal, the request it belongs to and an expiry, all inside the
 * ciphertext; a state that fails any check is refused as a whole, and the reason never echoes its content.
 *
 * Wire form: `ek1.<key id>.<base64url(iv ‖ ciphertext ‖ tag)>`. The version and key id are authenticated as
 * additional data, so neither can be swapped.
 */

/** What a sealed state is bound to, checked on every open (M-06). */
export interface StateBinding {
  /** Who may continue the flow: the verified principal, or a fixed name without authorization. */
  principal: string;
  /** The originating request: method, target name and a digest of its arguments. */
  request: string;
}

interface Envelope {
  /** Expiry, epoch milliseconds. */
  e: number;
  p: string;
  r: string;
  /** The caller's payload. */
  d: unknown;
}

const VERSION = 'ek1';
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export interface StateSealerOptions {
  keyring: StateKeyring;
  /** How long a sealed state may be echoed back, in ms. */
  ttlMs: number;
  /** Largest sealed state accepted or produced, in characters on the wire. */
  maxBytes: number;
  /** Expiry times are read and set on it. */
  clock: Clock;
}

export class StateSealer {
  readonly #options: StateSealerOptions;

  constructor(options: StateSealerOptions) {
    this.#options = options;
  }

  get maxBytes(): number {
    return this.#options.maxBytes;
  }

  /** Seals `payload` (JSON) bound to `binding`; throws `RangeError` when the result would exceed `maxBytes`. */
  async seal(payload: unknown, binding: StateBinding): Promise<string> {
    const { keyring, ttlMs, clock, maxBytes } = this.#options;
    const key = keyring.current;
    const envelope: Envelope = {
      e: clock.now() + ttlMs,
      p: binding.principal,
      r: binding.request,
      d: payload,
    };
    const iv = randomBytes(IV_BYTES);
    const plaintext = encoder.encode(JSON.stringify(envelope));
    const sealed = await key.aes.encrypt(iv, plaintext, additionalData(key.id));
    const body = new Uint8Array(IV_BYTES + sealed.byteLength);
    body.set(iv);
    body.set(sealed, IV_BYTES);
    const token = `${VERSION}.${key.id}.${bytesToBase64Url(body)}`;
    if (token.length > maxBytes) {
      throw new RangeError(`requestState would be ${token.length} bytes, over the limit of ${maxBytes}`);
    }
    return token;
  }

  /** Opens a state echoed by the client and checks every binding; throws a `PeerError` of code `request-state-rejected`. */
  async open(token: string, binding: StateBinding): Promise<unknown> {
    const { keyring, clock, maxBytes } = this.#options;
    // Bounded before any decoding: a hostile client can send megabytes.
    if (token.length > maxBytes) throw requestStateRejectedError('too-large');
    const [version, keyId, body, extra] = token.split('.', 4);
    if (version !== VERSION || keyId === undefined || body === undefined || extra !== undefined) {
      throw requestStateRejectedError('malformed');
    }
    const key = keyring.find(keyId);
    if (!key) throw requestStateRejectedError('unknown-key');
    const bytes = base64UrlToBytes(body);
    if (!bytes || bytes.byteLength < IV_BYTES + 16) throw requestStateRejectedError('malformed');
    let plaintext: Uint8Array;
    try {
      plaintext = await key.aes.decrypt(
        bytes.subarray(0, IV_BYTES),
        bytes.subarray(IV_BYTES),
        additionalData(key.id),
      );
    } catch {
      throw requestStateRejectedError('tampered');
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(decoder.decode(plaintext)) as Envelope;
    } catch {
      // Only a holder of the key could produce this; fail closed all the same.
      throw requestStateRejectedError('malformed');
    }
    if (typeof envelope?.e !== 'number' || envelope.e <= clock.now())
      throw requestStateRejectedError('expired');
    if (envelope.p !== binding.principal) throw requestStateRejectedError('other-principal');
    if (envelope.r !== binding.request) throw requestStateRejectedError('other-request');
    return envelope.d;
  }
}

function additionalData(keyId: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`elicitkit.requestState.${VERSION}:${keyId}`);
}
