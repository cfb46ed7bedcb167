import { isElicitkitError } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { tokenCallers } from '../src/callers.js';
import { advertisedEndpoint, callersOnThisMachine, withAdvertisedHost } from '../src/serve-policy.js';

const peer = (remoteAddress: string | undefined) => ({ incoming: { socket: { remoteAddress } } });

function refusal(run: () => unknown): { option: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isElicitkitError(error, 'invalid-option'))
      return { option: error.details.option, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('where the other instances reach this one', () => {
  it('an unspecified address (0.0.0.0, ::) is never advertised: without advertise it is refused, naming the option', () => {
    for (const hostname of ['0.0.0.0', '::']) {
      const refused = refusal(() => advertisedEndpoint(undefined, hostname, '/mcp'));
      expect(refused.option).toBe('shared.advertise');
      expect(refused.message).toContain(`listening on ${hostname}`);
    }
    expect(advertisedEndpoint(undefined, '10.0.0.7', '/mcp')).toBeUndefined();
  });

  it('advertise takes the endpoint path unless it names one; 0.0.0.0, other schemes and credentials are refused', () => {
    expect(advertisedEndpoint('http://10.0.0.7:3000', '0.0.0.0', '/mcp')?.href).toBe(
      'http://10.0.0.7:3000/mcp',
    );
    expect(advertisedEndpoint('https://b1.internal/bridge', '::', '/mcp')?.href).toBe(
      'https://b1.internal/bridge',
    );
    for (const bad of [
      'http://0.0.0.0:3000',
      'http://[::]:3000',
      'ftp://b1',
      'not a url',
      'http://u:p@b1/',
    ]) {
      expect(refusal(() => advertisedEndpoint(bad, '0.0.0.0', '/mcp')).option).toBe('shared.advertise');
    }
  });

  it("the advertised host joins the accepted Host names, so another instance's forward passes the check", () => {
    const advertised = new URL('http://10.0.0.7:3000/mcp');
    expect(withAdvertisedHost(undefined, advertised)).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      '10.0.0.7',
    ]);
    expect(withAdvertisedHost(['bridge.example'], advertised)).toEqual(['bridge.example', '10.0.0.7']);
    expect(withAdvertisedHost(false, advertised)).toBe(false);
    expect(withAdvertisedHost(['bridge.example'], undefined)).toEqual(['bridge.example']);
  });
});

describe('no open proxy by accident', () => {
  it('on loopback there is nothing to gate', () => {
    for (const hostname of ['127.0.0.1', 'localhost', '::1'])
      expect(callersOnThisMachine(hostname)).toBeUndefined();
  });

  it('beyond loopback without authentication, only callers on this machine are served; others hear 403 and why', async () => {
    const gate = callersOnThisMachine('0.0.0.0')!;
    for (const here of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1'])
      expect(gate(peer(here))).toBeUndefined();
    for (const there of ['192.168.1.5', '::ffff:10.0.0.2', 'fe80::1', undefined]) {
      const response = gate(peer(there));
      expect(response?.status).toBe(403);
      const body = (await response!.json()) as { error: { message: string } };
      expect(body.error.message).toContain('--callers <file>');
      expect(body.error.message).toContain('--allow-unauthenticated');
    }
  });
});

describe('tokenCallers', () => {
  const token = 'a'.repeat(32);
  const request = (authorization?: string) =>
    new Request('http://127.0.0.1/mcp', authorization === undefined ? {} : { headers: { authorization } });

  it('each caller is their own principal; a missing or unknown token hears 401 with a Bearer challenge', async () => {
    const authenticate = tokenCallers([
      { name: 'alice', token },
      { name: 'bob', token: 'b'.repeat(32) },
    ]);
    expect(await authenticate(request(`Bearer ${token}`))).toMatchObject({
      clientId: 'alice',
      extra: { sub: 'alice' },
    });
    const missing = (await authenticate(request())) as Response;
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="elicit bridge"');
    const unknown = (await authenticate(request(`Bearer ${'c'.repeat(32)}`))) as Response;
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('refuses no callers, a bad name, a short token and a shared one, naming the option and never the token', () => {
    expect(refusal(() => tokenCallers([])).option).toBe('callers');
    expect(refusal(() => tokenCallers([{ name: 'a b', token }])).message).toContain('1 to 64 letters');
    const short = refusal(() => tokenCallers([{ name: 'alice', token: 'hunter2' }]));
    expect(short.message).toContain("alice's token must be at least 16 bytes");
    expect(short.message).not.toContain('hunter2');
    const shared = refusal(() =>
      tokenCallers([
        { name: 'alice', token },
        { name: 'bob', token },
      ]),
    );
    expect(shared.message).toContain('bob shares a token with alice');
  });
});
