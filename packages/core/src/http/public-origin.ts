import { CoreErrorCode, UsageError } from '../errors.js';

const invalidPublicUrl = (problem: string) =>
  new UsageError(CoreErrorCode.InvalidOption, `Invalid option publicUrl: ${problem}.`, {
    details: { option: 'publicUrl' },
  });

/**
 * Where this server is reached from outside, for a deployment behind a reverse proxy that terminates TLS (nginx, a
 * cloud load balancer): one setting, read by every piece that compares or builds origins. One home for both sides:
 * the server's HTTP layer (`serveMcpHttp`, login, URL-mode pages) and the relay's page endpoints take the same options.
 */
export interface PublicOriginOptions {
  /**
   * The origin people and MCP clients use, `https://mcp.example.com`. Requests are seen as made there: session
   * cookies are `Secure` on https, login, page form posts and the relay's answers compare their `Origin` with it,
   * OAuth callbacks match the redirect URI registered on it, and `serveMcpHttp`'s `Host` check accepts its host. Give
   * URL mode the same value (`createUrlMode({ publicBaseUrl })`) for the links it sends. Default: each request's own
   * origin.
   */
  publicUrl?: string | URL;
  /**
   * Believe the proxy's `X-Forwarded-Proto` and `X-Forwarded-Host` when `publicUrl` is not given (a server reached
   * under several names), and its `X-Forwarded-For` for the client's address (see `forwardedClientAddress`).
   * Only behind a proxy that sets these headers itself: anyone else can write them. Default `false`: nothing
   * forwarded is trusted.
   */
  trustProxy?: boolean;
}

/** An origin (`https://host[:port]`) from configuration: nothing but scheme, host and port. */
export function parsePublicUrl(value: string | URL): URL {
  const url = URL.canParse(String(value)) ? new URL(String(value)) : undefined;
  if (!url) throw invalidPublicUrl(`not a URL: ${JSON.stringify(String(value).slice(0, 200))}`);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw invalidPublicUrl(`must be an http(s) origin without credentials, got ${url.protocol}`);
  }
  return new URL(url.origin);
}

/** The first value of a forwarded header (a proxy chain lists several, the client-side one first). */
const firstOf = (value: string | null) => value?.split(',')[0]?.trim() || undefined;

/** A host as a URL's host can be (a name, an IPv4 address or a bracketed IPv6 one, an optional port), bounded. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The origin the request was made to from outside, when configured to know it; `undefined` to keep its own. */
function outsideOrigin(
  request: Request,
  publicUrl: URL | undefined,
  trustProxy: boolean,
): string | undefined {
  if (publicUrl) return publicUrl.origin;
  if (!trustProxy) return undefined;
  const proto = firstOf(request.headers.get('x-forwarded-proto'))?.toLowerCase();
  const host = firstOf(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? undefined;
  if ((proto !== 'https' && proto !== 'http') || host === undefined || !HOST.test(host)) return undefined;
  return `${proto}://${host}`;
}

/**
 * A fetch-style handler that sees every request as made to the public origin: put it in front of everything the
 * proxy forwards to (the MCP endpoint, login, URL-mode pages, OAuth callbacks). Requests keep their path, query,
 * headers (`Host` too) and body; their URL names the public origin. Without `publicUrl` or `trustProxy`, requests
 * pass unchanged.
 *
 * ```ts
 * const app = { fetch: (request: Request) => new Response(new URL(request.url).origin) };
 * const served = behindProxy(app.fetch, { publicUrl: 'https://mcp.example.com' });
 * ```
 */
export function behindProxy<Rest extends unknown[], Result extends Response | Promise<Response>>(
  fetch: (request: Request, ...rest: Rest) => Result,
  options: PublicOriginOptions,
): (request: Request, ...rest: Rest) => Result {
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const trustProxy = options.trustProxy ?? false;
  if (!publicUrl && !trustProxy) return fetch;
  return (request, ...rest) =>
    fetch(asMadeTo(request, outsideOrigin(request, publicUrl, trustProxy)), ...rest);
}

function asMadeTo(request: Request, origin: string | undefined): Request {
  if (origin === undefined) return request;
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  const outside = new URL(`${url.pathname}${url.search}`, origin);
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(outside, {
    method: request.method,
    // The Host header stays as it came: the MCP endpoint's Host check (DNS rebinding) must see what was sent.
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
    ...(hasBody && { body: request.body, duplex: 'half' }),
  } as RequestInit);
}

/**
 * The `Host` names an MCP endpoint accepts (DNS rebinding protection): loopback names, and the public origin's host
 * when one is configured.
 */
export function publicHostNames(publicUrl: string | URL | undefined, local: readonly string[]): string[] {
  return publicUrl === undefined ? [...local] : [...local, parsePublicUrl(publicUrl).hostname];
}
