/**
 * AES-256-GCM for sealing `requestState`, Web-standard first: Web Crypto everywhere (edge runtimes included).
 * Where the runtime hands out Node's crypto without an import (`process.getBuiltinModule`, Node ≥ 20.16), the same
 * cipher runs synchronously there: each Web Crypto call is a thread-pool round trip costing ~100–300 µs of a
 * request's latency under load, several times the cipher work (see bench/server-mrtr). Both produce the same bytes
 * (ciphertext ‖ 16-byte tag), and the fast path is used only after it reproduced Web Crypto's output for this
 * key, so instances on either path open each other's states.
 */

export interface AesGcm {
  encrypt(iv: Uint8Array, plaintext: Uint8Array, additionalData: Uint8Array): Promise<Uint8Array>;
  /** Throws when the ciphertext or tag does not authenticate. */
  decrypt(iv: Uint8Array, sealed: Uint8Array, additionalData: Uint8Array): Promise<Uint8Array>;
}

const TAG_BYTES = 16;

/** The few members of Node's `crypto` used here, typed structurally so this file imports nothing from Node. */
interface NodeCrypto {
  createSecretKey(key: Uint8Array): unknown;
  createCipheriv(
    algorithm: 'aes-256-gcm',
    key: unknown,
    iv: Uint8Array,
    options: { authTagLength: number },
  ): {
    setAAD(data: Uint8Array): unknown;
    update(data: Uint8Array): Uint8Array;
    final(): Uint8Array;
    getAuthTag(): Uint8Array;
  };
  createDecipheriv(
    algorithm: 'aes-256-gcm',
    key: unknown,
    iv: Uint8Array,
    options: { authTagLength: number },
  ): {
    setAAD(data: Uint8Array): unknown;
    setAuthTag(tag: Uint8Array): unknown;
    update(data: Uint8Array): Uint8Array;
    final(): Uint8Array;
  };
}

function nodeCrypto(): NodeCrypto | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return runtime?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  } catch {
    return undefined;
  }
}

/** Web Crypto AES-GCM (128-bit tag, the default). */
export async function webAesGcm(raw: Uint8Array<ArrayBuffer>): Promise<AesGcm> {
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return {
    async encrypt(iv, plaintext, additionalData) {
      return new Uint8Array(
        await crypto.subtle.encrypt(
          {
            name: 'AES-GCM',
            iv: iv as Uint8Array<ArrayBuffer>,
            additionalData: additionalData as Uint8Array<ArrayBuffer>,
          },
          key,
          plaintext as Uint8Array<ArrayBuffer>,
        ),
      );
    },
    async decrypt(iv, sealed, additionalData) {
      return new Uint8Array(
        await crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: iv as Uint8Array<ArrayBuffer>,
            additionalData: additionalData as Uint8Array<ArrayBuffer>,
          },
          key,
          sealed as Uint8Array<ArrayBuffer>,
        ),
      );
    },
  };
}

function nodeAesGcm(node: NodeCrypto, raw: Uint8Array): AesGcm {
  const key = node.createSecretKey(raw);
  return {
    async encrypt(iv, plaintext, additionalData) {
      const cipher = node.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData);
      const head = cipher.update(plaintext);
      const tail = cipher.final();
      const tag = cipher.getAuthTag();
      const out = new Uint8Array(head.byteLength + tail.byteLength + TAG_BYTES);
      out.set(head);
      out.set(tail, head.byteLength);
      out.set(tag, head.byteLength + tail.byteLength);
      return out;
    },
    async decrypt(iv, sealed, additionalData) {
      if (sealed.byteLength < TAG_BYTES) throw new Error('too short');
      // authTagLength pins the tag to 16 bytes: Node would otherwise accept a truncated tag.
      const decipher = node.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData);
      decipher.setAuthTag(sealed.subarray(sealed.byteLength - TAG_BYTES));
      const head = decipher.update(sealed.subarray(0, sealed.byteLength - TAG_BYTES));
      const tail = decipher.final(); // throws when the tag does not authenticate
      if (tail.byteLength === 0) return new Uint8Array(head);
      const out = new Uint8Array(head.byteLength + tail.byteLength);
      out.set(head);
      out.set(tail, head.byteLength);
      return out;
    },
  };
}

/**
 * The fastest AES-256-GCM for `raw` this runtime offers: Node's, when present and proven to match Web Crypto on a
 * test vector for this very key (both ways); else Web Crypto. `prefer: 'web'` forces Web Crypto (tests, interop).
 */
export async function aesGcm(raw: Uint8Array<ArrayBuffer>, prefer?: 'web'): Promise<AesGcm> {
  const web = await webAesGcm(raw);
  const node = prefer === 'web' ? undefined : nodeCrypto();
  if (!node) return web;
  try {
    const fast = nodeAesGcm(node, raw);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const aad = new TextEncoder().encode('elicitkit.aes-gcm.self-test');
    const plaintext = crypto.getRandomValues(new Uint8Array(45));
    const byWeb = await web.encrypt(iv, plaintext, aad);
    const byFast = await fast.encrypt(iv, plaintext, aad);
    const same = byWeb.byteLength === byFast.byteLength && byWeb.every((b, i) => b === byFast[i]);
    const opened = same ? await fast.decrypt(iv, byWeb, aad) : undefined;
    if (opened?.byteLength === plaintext.byteLength && opened.every((b, i) => b === plaintext[i]))
      return fast;
  } catch {
    // Not the Node we expected (a partial polyfill, say): Web Crypto it is.
  }
  return web;
}
