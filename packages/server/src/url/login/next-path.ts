/**
 * Where to go after login: a path on `origin` only, never another site (no open redirect). Anything else,
 * including `//host`, `/\host` and absolute URLs to other origins, becomes `/`.
 */
export function sameOriginPath(next: string | undefined | null, origin: string): string {
  if (!next || next.length > 2048 || !next.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  return `${url.pathname}${url.search}`;
}
