/**
 * Whether a form POST may come from a page of `origin`. The CSRF token is the real defence; this is the
 * second one, and it must not refuse our own pages: they send `Referrer-Policy: no-referrer`, so browsers
 * serialize their POSTs' `Origin` as `null` (Fetch, "serialize a request origin"). Fetch metadata
 * (`Sec-Fetch-Site`) is not affected by the referrer policy, so it settles what `Origin: null` leaves open.
 */
export function isSameOriginFormPost(request: Request, origin: string): boolean {
  const sentFrom = request.headers.get('origin');
  if (sentFrom !== null && sentFrom !== 'null' && sentFrom !== origin) return false;
  const site = request.headers.get('sec-fetch-site');
  // `none` is a user-initiated navigation (typed URL, bookmark): never a forged cross-site post.
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  return true;
}
