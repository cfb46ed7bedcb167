/** The value of cookie `name` in a request's `Cookie` header, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieAttributes {
  maxAgeSeconds?: number;
  /** Secure when the request came over https (and always when `true`). */
  secure: boolean;
  path?: string;
}

/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (attributes.maxAgeSeconds !== undefined) parts.push(`Max-Age=${attributes.maxAgeSeconds}`);
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}

export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:';
