import { analyzeUrl } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { bearerIdentity, createUrlMode, urlElicitationRequired } from '../../src/url/index.js';
import { elicitationUrl, parsePublicBaseUrl } from '../../src/url/public-url.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';

const entry = (url: string) => ({ mode: 'url' as const, elicitationId: 'id-1', url, message: 'Connect' });

/** URLs a server author might pass, benign and not: the server must agree with every elicitkit host on each. */
const CANDIDATES = [
  'https://mcp.example.com/elicit/id-1',
  'https://bücher.example/connect',
  'http://localhost:3000/elicit/1',
  'http://app.localhost/elicit/1',
  'http://127.0.0.1:8080/x',
  'http://[::1]/x',
  'http://mcp.example.com/elicit/1',
  'http://[::ffff:127.0.0.1]/x',
  'javascript:alert(1)',
  'data:text/html,hi',
  'file:///etc/passwd',
  'https://evil.example/\u202egpj.exe',
  'https://exa\tmple.com/',
  'https://xn--ab-.com/',
  'https://a..b/',
  '/relative/path',
  '',
  `https://example.com/${'a'.repeat(9000)}`,
];

describe('servers check URLs the way every elicitkit host does', () => {
  it.each(CANDIDATES.map((url) => [JSON.stringify(url.slice(0, 60)), url] as const))(
    '[E-15] [E-48] [E-49] urlElicitationRequired accepts %s exactly when hosts would',
    (_, url) => {
      const host = analyzeUrl(url);
      if (host.allowed) {
        const error = urlElicitationRequired([entry(url)]);
        // Sent as hosts will show and open it.
        expect(error.elicitations[0]!.url).toBe(host.href);
      } else {
        expect(() => urlElicitationRequired([entry(url)])).toThrow(host.blockMessage);
      }
    },
  );

  it('[E-48] refuses plain http to a host that is not this computer, naming the host and the rule', () => {
    expect(() =>
      urlElicitationRequired([entry('https://ok.example/'), entry('http://mcp.example.com/x')]),
    ).toThrow(
      /data\.elicitations\[1\]\.url: elicitkit hosts would refuse this URL \(insecure-http\): .*mcp\.example\.com.*https/,
    );
  });

  it('[E-49] refuses a URL whose shown and opened forms differ (hidden characters), naming the character', () => {
    expect(() => urlElicitationRequired([entry('https://evil.example/\u202egpj.exe')])).toThrow(
      /\(control-characters\).*U\+202E/,
    );
  });

  it('[E-15] refuses a URL that is not a string, saying what it was', () => {
    expect(() => urlElicitationRequired([{ ...entry(''), url: 42 as never }])).toThrow(
      /\[0\]\.url: must be a string, got 42/,
    );
  });

  it('[E-15] sends the normalized URL, the exact string hosts show (E-52) and open (E-51)', () => {
    const error = urlElicitationRequired([entry('HTTPS://MCP.Example.COM/elicit/1')]);
    expect(error.elicitations[0]!.url).toBe('https://mcp.example.com/elicit/1');
  });
});

describe('the URLs a URL-elicitation server builds', () => {
  it('[E-48] publicBaseUrl takes core’s loopback rule: *.localhost too, never a look-alike', () => {
    expect(parsePublicBaseUrl('http://app.localhost:3000').href).toBe('http://app.localhost:3000/');
    expect(parsePublicBaseUrl('http://[::1]:3000/mcp').href).toBe('http://[::1]:3000/mcp/');
    expect(() => parsePublicBaseUrl('http://localhost.example.com/')).toThrow(
      /publicBaseUrl: .*unencrypted http to localhost\.example\.com/,
    );
    expect(() => parsePublicBaseUrl('http://[::ffff:127.0.0.1]/')).toThrow(/publicBaseUrl: .*http/);
  });

  it('[E-49] publicBaseUrl refuses what hosts refuse, with core’s reason', () => {
    expect(() => parsePublicBaseUrl('https://xn--ab-.example/')).toThrow(/publicBaseUrl: .*xn--ab-/);
    expect(() => parsePublicBaseUrl('https://exa\u200bmple.com/')).toThrow(/publicBaseUrl: .*U\+200B/);
  });

  it('[E-15] [E-49] an elicitation URL hosts would refuse fails in the server, not at the user', () => {
    const base = parsePublicBaseUrl('https://mcp.example.com/');
    expect(elicitationUrl(base, 'abc')).toBe('https://mcp.example.com/elicit/abc');
    expect(() => elicitationUrl(base, 'a'.repeat(9000))).toThrow(/elicitation URL: .*\(too-long\)/);
  });

  it('[E-48] createUrlMode refuses a base URL hosts would refuse, before serving anything', () => {
    expect(() =>
      createUrlMode({
        store: new MemoryElicitationStore(),
        publicBaseUrl: 'http://mcp.example.com/',
        identity: bearerIdentity(),
        browserIdentity: () => undefined,
      }),
    ).toThrow(/publicBaseUrl: .*not this computer/);
  });
});
