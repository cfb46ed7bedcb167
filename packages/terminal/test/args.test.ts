import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/args.js';
import { sayInEnglish } from '../src/i18n/phrase.js';

describe('elicit command line', () => {
  it('parses connect to an HTTP server with repeated headers', () => {
    const parsed = parseCommandLine(
      [
        'connect',
        'https://mcp.example.com/mcp',
        '-H',
        'Authorization: Bearer abc',
        '--header',
        'X-Team:  blue ',
      ],
      {},
    );
    expect(parsed).toEqual({
      ok: true,
      command: {
        name: 'connect',
        color: true,
        protocol: 'auto',
        locale: 'en',
        signIn: { browser: true, resourceIndicator: true },
        target: {
          kind: 'http',
          url: new URL('https://mcp.example.com/mcp'),
          headers: { Authorization: 'Bearer abc', 'X-Team': 'blue' },
        },
      },
    });
  });

  it('parses a stdio server after --, options of the server included', () => {
    const parsed = parseCommandLine(
      ['call', 'echo', '{"a":1}', '--answers', 'a.json', '--', 'node', 'srv.js', '--port', '1'],
      {},
    );
    expect(parsed).toEqual({
      ok: true,
      command: {
        name: 'call',
        tool: 'echo',
        argumentsJson: '{"a":1}',
        answersFile: 'a.json',
        color: true,
        protocol: 'auto',
        locale: 'en',
        signIn: { browser: true, resourceIndicator: true },
        target: { kind: 'stdio', command: 'node', args: ['srv.js', '--port', '1'] },
      },
    });
  });

  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2026-07-28', '2026-07-28'],
  ])('pins the protocol with --protocol %s', (given, expected) => {
    const parsed = parseCommandLine(['connect', 'http://x/mcp', '--protocol', given]);
    expect(parsed.ok && parsed.command.name === 'connect' && parsed.command.protocol).toBe(expected);
  });

  it.each([
    [['--locale', 'de'], {}, 'de'],
    [['--locale', 'ar-EG'], { LANG: 'de_DE.UTF-8' }, 'ar-EG'],
    [[], { LANG: 'de_DE.UTF-8' }, 'de-DE'],
    [[], { LANG: 'ja_JP.UTF-8', LC_ALL: 'ar_SA.UTF-8' }, 'ar-SA'],
    [[], { LANG: 'de_DE.UTF-8', LC_MESSAGES: 'ja_JP' }, 'ja-JP'],
    [[], { LANG: 'C.UTF-8' }, 'en'],
    [[], { LANG: 'POSIX' }, 'en'],
    [[], {}, 'en'],
  ])('takes the language from %j, else from the environment %j: %s', (flags, env, expected) => {
    const parsed = parseCommandLine(['connect', 'http://x/mcp', ...flags], env);
    expect(parsed.ok && parsed.command.name === 'connect' && parsed.command.locale).toBe(expected);
  });

  it.each([
    [
      ['connect', 'http://x', '--protocol', '2024-01-01'],
      /--protocol expects 2025-06-18, 2025-11-25 or 2026-07-28/,
    ],
    [['connect'], /missing the server/],
    [['connect', 'ftp://x'], /not an http\(s\) URL/],
    [['connect', 'nope'], /not a URL/],
    [['call', 'http://x/mcp'], /call needs a tool name/],
    [['call', 'http://x/mcp', 't', '{}', 'extra'], /one JSON argument/],
    [['connect', 'http://x', '-H', 'no colon'], /--header expects "Name: value"/],
    [['connect', '-H', 'A: b', '--', 'node'], /--header applies to http\(s\) servers only/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['connect', 'http://x', '--bogus'], /Unknown option '--bogus'/],
    [['connect', 'http://x', '--locale', 'not a tag'], /--locale expects a language tag/],
  ])('refuses %j with a clear reason', (argv, reason) => {
    const parsed = parseCommandLine(argv);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : sayInEnglish(parsed.phrase)).toMatch(reason);
  });
});

describe('elicit sign-in options and logout', () => {
  it('takes --no-browser, a pre-registered client, a fixed callback port, and no resource indicator', () => {
    const parsed = parseCommandLine(
      [
        'call',
        'https://x.example/mcp',
        'tool',
        '--no-browser',
        '--client-id',
        'elicit-cli',
        '--callback-port',
        '33418',
        '--no-resource-indicator',
      ],
      { ELICIT_CLIENT_SECRET: 's3cret' },
    );
    expect(parsed).toMatchObject({
      ok: true,
      command: {
        signIn: {
          browser: false,
          clientId: 'elicit-cli',
          clientSecret: 's3cret',
          callbackPort: 33418,
          resourceIndicator: false,
        },
      },
    });
  });

  it('parses elicit logout <url>, and refuses what cannot be right, naming it', () => {
    expect(parseCommandLine(['logout', 'https://x.example/mcp'], {})).toMatchObject({
      ok: true,
      command: { name: 'logout', server: new URL('https://x.example/mcp') },
    });
    const refused = (argv: string[], env = {}) => {
      const parsed = parseCommandLine(argv, env);
      return parsed.ok ? 'accepted' : sayInEnglish(parsed.phrase);
    };
    expect(refused(['logout', '--', 'node', 'server.js'])).toContain('http(s) URL');
    expect(refused(['call', 'https://x/mcp', 't', '--callback-port', '70000'])).toContain('"70000"');
    expect(refused(['call', 'https://x/mcp', 't', '--client-secret', 's'])).toContain('needs --client-id');
    // The variable alone serves no client: other servers' runs go on.
    expect(refused(['call', 'https://x/mcp', 't'], { ELICIT_CLIENT_SECRET: 's' })).toBe('accepted');
  });
});

describe('elicit doctor', () => {
  it('checks a server: --revision names the revision as --protocol does, --declare the modes, --call the tool', () => {
    const parsed = parseCommandLine(
      [
        'doctor',
        'http://x/mcp',
        '--revision',
        '2025-06-18',
        '--declare',
        'form',
        '--call',
        'book',
        '{"a":1}',
        '--json',
      ],
      {},
    );
    expect(parsed).toMatchObject({
      ok: true,
      command: {
        name: 'doctor',
        action: 'inspect',
        protocol: '2025-06-18',
        declare: ['form'],
        call: { tool: 'book', argumentsJson: '{"a":1}' },
        json: true,
      },
    });
  });

  it('serves the checkup: --serve, --port, --report', () => {
    expect(parseCommandLine(['doctor', '--serve', '--port', '0', '--report', 'r.json'], {})).toMatchObject({
      ok: true,
      command: { name: 'doctor', action: 'serve', port: 0, reportFile: 'r.json' },
    });
  });
});

describe('elicit bridge deployment options', () => {
  const refusal = (...argv: string[]) => {
    const parsed = parseCommandLine(['bridge', ...argv], {});
    return parsed.ok ? undefined : sayInEnglish(parsed.phrase);
  };
  const serve = (...argv: string[]) => {
    const parsed = parseCommandLine(['bridge', ...argv], {});
    if (!parsed.ok || parsed.command.name !== 'bridge') throw new Error(`refused: ${JSON.stringify(parsed)}`);
    return parsed.command.serve;
  };

  it('takes an address, Host names, where the others reach it and who may call, brackets off an IPv6 address', () => {
    expect(
      serve(
        '--host',
        '0.0.0.0',
        '--port',
        '3000',
        '--allowed-hosts',
        'Bridge.example, 10.0.0.7',
        '--redis',
        'redis://r:6379',
        '--advertise',
        'http://10.0.0.7:3000',
        '--callers',
        'callers.txt',
        'https://up.example/mcp',
      ),
    ).toEqual({
      kind: 'http',
      host: '0.0.0.0',
      port: 3000,
      allowedHosts: ['bridge.example', '10.0.0.7'],
      redis: 'redis://r:6379',
      advertise: new URL('http://10.0.0.7:3000'),
      callersFile: 'callers.txt',
      allowUnauthenticated: false,
    });
    expect(serve('--host', '[::]', 'https://up.example/mcp')).toMatchObject({ host: '::' });
    expect(serve('https://up.example/mcp')).toMatchObject({ host: '127.0.0.1', port: 0 });
  });

  it('refuses what contradicts itself or cannot be right, naming it', () => {
    const up = 'https://up.example/mcp';
    expect(refusal('--host', 'a b', up)).toContain('--host expects an address to listen on');
    expect(refusal('--allowed-hosts', 'ok.example,bad host', up)).toContain(
      '--allowed-hosts expects host names',
    );
    expect(refusal('--advertise', 'http://10.0.0.7:3000', up)).toContain('it needs --redis');
    expect(refusal('--redis', 'redis://r', '--advertise', 'http://0.0.0.0:3000', up)).toContain(
      '(never 0.0.0.0)',
    );
    expect(refusal('--callers', 'f', '--allow-unauthenticated', up)).toContain('contradict each other');
    expect(refusal('--stdio', '--host', '0.0.0.0', up)).toBe(
      '--host applies to the HTTP endpoint; with --stdio nothing listens',
    );
    expect(refusal('--host', '0.0.0.0', '--allow-unauthenticated', '-H', 'X-Key: k', up)).toContain(
      '-H credentials would be offered to anyone who reaches 0.0.0.0',
    );
    // On loopback, -H with no callers is the single-user case it always was.
    expect(serve('--allow-unauthenticated', '-H', 'X-Key: k', up)).toMatchObject({ host: '127.0.0.1' });
    const other = parseCommandLine(['call', up, 'tool', '--callers', 'f'], {});
    expect(other.ok ? '' : sayInEnglish(other.phrase)).toBe('--callers applies to elicit bridge only');
  });
});
