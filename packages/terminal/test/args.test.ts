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
    [['connect', 'http://x', '--protocol', '2024-01-01'], /--protocol expects 2025-11-25 or 2026-07-28/],
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
