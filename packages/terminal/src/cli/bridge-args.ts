import type { Phrase } from '../i18n/phrase.js';

/** How `elicit bridge` serves its host: a Streamable HTTP endpoint, or this process's stdin and stdout. */
export type BridgeServe =
  | {
      kind: 'http';
      /** `--host`: the address listened on (default 127.0.0.1), brackets taken off an IPv6 one. */
      host: string;
      port: number;
      /** `--allowed-hosts`: the `Host` names accepted (default: loopback names). */
      allowedHosts?: string[];
      /** `--redis`: shares 2026-07-28 rounds and tasks with the other instances. */
      redis?: string;
      /** `--advertise`: where the other instances reach this one. */
      advertise?: URL;
      /** `--callers <file>`: who may call, by bearer token. */
      callersFile?: string;
      /** `--allow-unauthenticated`: serve other machines with no `--callers`. */
      allowUnauthenticated: boolean;
    }
  | { kind: 'stdio' };

/** The bridge's own options, as `parseArgs` gave them. */
export interface BridgeValues {
  port?: string;
  stdio?: boolean;
  redis?: string;
  host?: string;
  'allowed-hosts'?: string;
  advertise?: string;
  callers?: string;
  'allow-unauthenticated'?: boolean;
}

/** The options that apply to `elicit bridge` only, in the order a refusal names the first one given. */
export const BRIDGE_ONLY = [
  'port',
  'stdio',
  'redis',
  'host',
  'allowed-hosts',
  'advertise',
  'callers',
  'allow-unauthenticated',
] as const;

/** The options that configure the HTTP endpoint, meaningless with --stdio. */
const HTTP_ONLY = BRIDGE_ONLY.filter((name) => name !== 'stdio' && name !== 'port' && name !== 'redis');

const given = (text: string) => JSON.stringify(text.slice(0, 40));
/** An IPv4 or IPv6 address, or a host name, as listen takes it. */
const LISTEN_ADDRESS = /^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[?[0-9A-Fa-f:.]{2,45}\]?)$/;
const HOST_NAME = /^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])$/;

/**
 * `elicit bridge`'s serving options, checked together (`upstreamHeaders`: how many `-H` were given); a contradiction
 * or a bad value is refused, named.
 */
export function bridgeServe(values: BridgeValues, upstreamHeaders: number): BridgeServe | Phrase {
  const { redis, port, host = '127.0.0.1' } = values;
  if (redis !== undefined && !/^rediss?:\/\/\S+$/.test(redis))
    return { key: 'cli.redis', params: { given: given(redis) } };
  if (values.stdio) {
    if (port !== undefined) return { key: 'cli.stdio-port' };
    if (redis !== undefined) return { key: 'cli.stdio-redis' };
    const http = HTTP_ONLY.find((name) => values[name] !== undefined);
    return http ? { key: 'cli.stdio-http-only', params: { option: `--${http}` } } : { kind: 'stdio' };
  }
  const number = port === undefined ? 0 : Number(port);
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || number > 65535)) {
    return { key: 'cli.port', params: { given: given(port) } };
  }
  if (!LISTEN_ADDRESS.test(host)) return { key: 'cli.host', params: { given: given(host) } };
  const listenOn = host.replace(/^\[(.*)\]$/, '$1');
  const allowedHosts = values['allowed-hosts']?.split(',').map((name) => name.trim().toLowerCase());
  if (allowedHosts?.some((name) => !HOST_NAME.test(name))) {
    return { key: 'cli.allowed-hosts', params: { given: given(values['allowed-hosts']!) } };
  }
  const advertise = advertised(values.advertise, redis);
  if (advertise && !(advertise instanceof URL)) return advertise;
  const open = values['allow-unauthenticated'] === true;
  if (open && values.callers !== undefined) return { key: 'cli.callers-open' };
  // No open proxy by accident: -H credentials are never offered to whoever reaches a public address.
  if (open && !isLoopback(listenOn) && upstreamHeaders > 0) {
    return { key: 'cli.header-open', params: { host } };
  }
  return {
    kind: 'http',
    host: listenOn,
    port: number,
    allowUnauthenticated: open,
    ...(allowedHosts && { allowedHosts }),
    ...(redis !== undefined && { redis }),
    ...(advertise && { advertise }),
    ...(values.callers !== undefined && { callersFile: values.callers }),
  };
}

function advertised(text: string | undefined, redis: string | undefined): URL | Phrase | undefined {
  if (text === undefined) return undefined;
  if (redis === undefined) return { key: 'cli.advertise-redis' };
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const unspecified = url && ['0.0.0.0', '[::]'].includes(url.hostname);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || unspecified) {
    return { key: 'cli.advertise', params: { given: given(text) } };
  }
  return url;
}

/** Whether listening on `address` keeps the bridge on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
