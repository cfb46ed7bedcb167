const DOTTED_IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * The loopback rule of every elicitkit host and server (E-48, E-49): `localhost`, `*.localhost`, `127.0.0.0/8`
 * and `[::1]`, the hosts whose traffic never leaves this computer, so plain http to them is allowed.
 * Deliberately not `[::ffff:127.0.0.1]` and no other IPv6 form. Takes a host as the WHATWG parser gives it
 * (`new URL(x).hostname`: lowercase, Punycode, IPv6 in brackets, every numeric IPv4 form such as `0x7f.1`
 * already turned into dotted decimal), with or without a trailing dot.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return hostname === '[::1]';
  if (DOTTED_IPV4.test(hostname)) return hostname.startsWith('127.');
  return isLoopbackName(hostname.endsWith('.') ? hostname.slice(0, -1) : hostname);
}

/** The rule for domain names (`localhost`, `*.localhost`), given without a trailing dot. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}
