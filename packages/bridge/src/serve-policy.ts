import { isLoopbackHost } from '@elicitkit/core';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import { invalidOption } from './errors.js';

/** Addresses that mean "every interface": listened on, never reached at. */
const UNSPECIFIED = new Set(['0.0.0.0', '::', '[::]', '']);

/** `::1` as `listen` takes it, `[::1]` as a URL's hostname has it. */
const bracketed = (hostname: string) =>
  hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;

/**
 * The endpoint the other instances forward to: `advertise` (its path defaults to the endpoint's), or the address
 * listened on. An unspecified address (`0.0.0.0`, `::`) is never advertised: a forward there would come back to the
 * forwarding instance itself.
 */
export function advertisedEndpoint(
  advertise: string | URL | undefined,
  hostname: string,
  path: string,
): URL | undefined {
  if (advertise === undefined) {
    if (!UNSPECIFIED.has(hostname)) return undefined;
    throw invalidOption(
      'shared.advertise',
      `listening on ${hostname || 'every interface'}, say where the other instances reach this one ` +
        '(elicit bridge --advertise http://<this machine>:<port>)',
    );
  }
  let url: URL;
  try {
    url = new URL(advertise);
  } catch {
    throw invalidOption(
      'shared.advertise',
      `an http(s) URL, got ${JSON.stringify(String(advertise).slice(0, 200))}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidOption('shared.advertise', `an http(s) URL, got ${url.protocol}`);
  }
  if (UNSPECIFIED.has(url.hostname) || url.username || url.password || url.search || url.hash) {
    throw invalidOption(
      'shared.advertise',
      `an address the other instances can reach, not ${url.hostname || 'an empty host'}, ` +
        'with no credentials, query or fragment',
    );
  }
  return url.pathname === '/' ? new URL(path, url) : url;
}

/** The Host names accepted: the advertised host joins them, so a request another instance forwards passes. */
export function withAdvertisedHost(
  allowedHosts: string[] | false | undefined,
  advertised: URL | undefined,
): string[] | false | undefined {
  if (allowedHosts === false || advertised === undefined) return allowedHosts;
  const names = allowedHosts ?? localhostAllowedHostnames();
  return names.includes(advertised.hostname) ? names : [...names, advertised.hostname];
}

/** The peer address `@hono/node-server` hands a handler in its bindings. */
function peerAddress(bindings: object): string | undefined {
  return (bindings as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket?.remoteAddress;
}

function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * Without authentication, a bridge listening beyond loopback serves callers on this machine only: anyone else would
 * use upstream (and the credentials the bridge holds for it) as their own. Undefined when there is nothing to gate.
 */
export function callersOnThisMachine(
  hostname: string,
): ((bindings: object) => Response | undefined) | undefined {
  if (isLoopbackHost(bracketed(hostname))) return undefined;
  return (bindings) => {
    if (isLoopbackPeer(peerAddress(bindings))) return undefined;
    const message =
      'this bridge serves callers on other machines only with authentication: serve it with authenticate ' +
      '(elicit bridge --callers <file>), or allow unauthenticated callers by name (--allow-unauthenticated)';
    return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }, { status: 403 });
  };
}
