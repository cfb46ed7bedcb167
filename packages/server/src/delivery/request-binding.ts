import { bytesToBase64Url } from '../state/base64url.js';

/**
 * Arguments whose canonical JSON is at most this long are bound as they are; longer ones by their SHA-256. The
 * binding travels inside the encrypted envelope, so inlining shows the client nothing it did not send; it only
 * keeps `requestState` small. Small arguments are the common case, and a Web Crypto digest there costs more
 * than the whole AES-GCM seal (a thread-pool round trip per call; see bench/server-mrtr).
 */
const INLINE_ARGUMENTS_CHARS = 256;

/**
 * The originating request: method, tool / prompt name or resource URI, and the arguments (canonical JSON when
 * short, else its SHA-256). Unambiguous: the method never holds a newline, and neither does the last line
 * (canonical JSON escapes newlines, base64url has none), so a target holding newlines cannot pose as another.
 */
export async function requestBinding(
  method: string,
  params: Record<string, unknown> | undefined,
): Promise<string> {
  const target = method === 'resources/read' ? params?.uri : params?.name;
  const args = canonicalJson(params?.arguments ?? {});
  if (args.length <= INLINE_ARGUMENTS_CHARS) return `${method}\n${String(target)}\n=${args}`;
  const argumentsDigest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(args)),
  );
  return `${method}\n${String(target)}\n#${bytesToBase64Url(argumentsDigest)}`;
}

/** JSON with object keys sorted, so the same arguments always digest the same however the client ordered them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
