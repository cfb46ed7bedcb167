import { validateContent, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it, vi } from 'vitest';
import { compilePattern, PATTERN_STEP_BUDGET } from '../src/regex/safe-pattern.js';

/** Known catastrophic-backtracking patterns (OWASP ReDoS list, CVE write-ups, textbook cases). */
const REDOS_PATTERNS = [
  '^(a+)+$',
  '(a|aa)+$',
  '(a|a?)+$',
  '(\\w+\\s?)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '(.*a){12}',
  '^(\\s*a)*\\s*$',
  '\\s*\\s*\\s*$',
  '(x+x+)+y',
  '^(\\d+)*$',
  '^(.*?,){11}P',
  '(?:[a-z]|[a-y])+!$',
  '^(a|b|ab)*c$',
];

/** Inputs of exactly `length` characters built from the repeating units that hurt backtracking engines. */
function adversarialInputs(length: number): string[] {
  const fill = (unit: string, last = '') =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, length - last.length) + last;
  return [
    fill('a', '!'),
    fill('x'),
    fill(' ', '!'),
    fill('1', 'x'),
    fill('aaaaaaaaaaaaaaaaaaaaaaaaaaaaa@'),
    fill('ab'),
    fill('a,'),
  ];
}

function compiled(pattern: string) {
  const result = compilePattern(pattern);
  if (!result.ok) throw new Error(`${pattern}: ${result.reason}`);
  return result.pattern;
}

describe('regex safety: catastrophic patterns run in linear time (issue 2, item 6)', () => {
  it.each(REDOS_PATTERNS)('[E-60] %s stays fast on the longest answer it accepts', (pattern) => {
    const schema = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern } },
    });
    expect(schema.ok, JSON.stringify(schema)).toBe(true);
    if (!schema.ok) return;
    // Linear by construction, not by stopwatch: the pattern runs on the RE2 automaton, whose work is its
    // program size per input character, and answers are capped so that size × length stays within the step
    // budget. (A backtracking engine would need longer than the age of the universe on these inputs; the
    // measured worst cases, against the 100 ms budget, are in bench/core/validate.ts.)
    const safe = compiled(pattern);
    expect(safe.cost * safe.maxInputLength).toBeLessThanOrEqual(PATTERN_STEP_BUDGET);
    const longest = Math.min(100_000, safe.maxInputLength);
    for (const input of adversarialInputs(longest)) {
      const result = validateContent(schema.schema, { f: input });
      expect(result.ok || result.issues[0]?.code === 'pattern', `${pattern} on ${input.slice(0, 12)}…`).toBe(
        true,
      );
    }
  });

  it.each(REDOS_PATTERNS)('[E-60] %s answers what ECMAScript answers on short inputs', (pattern) => {
    for (const input of [
      'aaaa',
      'aaaa!',
      'ab c',
      'aaaaaaaaaaaaaaaaaaaa@x.com',
      'a,b,c',
      'abababc',
      '',
      ' a a',
    ]) {
      expect(compiled(pattern).test(input), `${pattern} on ${input}`).toBe(
        new RegExp(pattern, 'u').test(input),
      );
    }
  });

  it('caps every pattern at the step budget: cost × longest answer', () => {
    for (const pattern of REDOS_PATTERNS) {
      const { cost, maxInputLength } = compiled(pattern);
      expect(cost * maxInputLength).toBeLessThanOrEqual(PATTERN_STEP_BUDGET);
      expect(cost * (maxInputLength + 1)).toBeGreaterThan(PATTERN_STEP_BUDGET);
    }
  });
});

describe('regex safety: answer lengths a pattern cannot check in bounded time (issue 2, item 6)', () => {
  const heavy = '[a-z]{300}';
  const longest = () => compiled(heavy).maxInputLength;

  it('[E-12] refuses a maxLength beyond what the pattern can check, and says what fits', () => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern: heavy, maxLength: 100_000 } },
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [{ path: ['properties', 'f', 'pattern'], code: 'unsafe-pattern' }],
    });
    expect(result.ok ? '' : result.issues[0]!.message).toContain(`up to ${longest()} characters`);
  });

  it('[E-12] refuses a minLength beyond what the pattern can check: the field could never be answered', () => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern: heavy, minLength: longest() + 1 } },
    });
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'unsafe-pattern' }] });
  });

  it('[E-12] accepts the pattern with a maxLength that fits, or with none', () => {
    for (const field of [{ pattern: heavy, maxLength: longest() }, { pattern: heavy }]) {
      expect(
        validateRequestedSchema({ type: 'object', properties: { f: { type: 'string', ...field } } }).ok,
      ).toBe(true);
    }
  });

  it('[E-60] without maxLength, caps answers at what the pattern can check, without running it', () => {
    const schema = {
      type: 'object' as const,
      properties: { f: { type: 'string' as const, pattern: heavy } },
    };
    // The very program validateContent runs (compilations are shared), watched instead of timed.
    const runs = vi.spyOn(compiled(heavy), 'test');
    const result = validateContent(schema, { f: 'a'.repeat(longest() + 1) });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          path: ['f'],
          code: 'too-long',
          message: `must be at most ${longest()} characters long`,
          params: { max: longest() },
        },
      ],
    });
    expect(runs).not.toHaveBeenCalled();
    expect(validateContent(schema, { f: 'a'.repeat(longest()) }).ok).toBe(true);
    expect(runs).toHaveBeenCalledTimes(1);
    runs.mockRestore();
  });

  it.each([
    ['nested counted repetition', '(?:(?:a{30}){30}){30}'],
    ['a huge counted repetition', 'a{1001}'],
    ['many Unicode property classes', '\\p{L}'.repeat(200)],
    ['a large class repeated many times', '[\\p{L}\\p{N}]{300}'],
    ['deep nesting', `${'('.repeat(150)}a${')'.repeat(150)}`],
  ])('[E-12] refuses %s as unsafe-pattern', (_, pattern) => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern, maxLength: 10 } },
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [{ path: ['properties', 'f', 'pattern'], code: 'unsafe-pattern' }],
    });
  });

  it('[E-60] an unchecked schema with an unusable pattern fails closed, with a pattern issue', () => {
    const schema = {
      type: 'object' as const,
      properties: { f: { type: 'string' as const, pattern: '(?=a)' } },
    };
    expect(validateContent(schema, { f: 'a' })).toMatchObject({
      ok: false,
      issues: [{ path: ['f'], code: 'pattern' }],
    });
  });
});

describe('regex safety: constructs a linear-time engine cannot run (issue 2, item 6)', () => {
  it.each([
    ['a numbered backreference', '(a)\\1', /backreference/],
    ['a named backreference', '(?<x>a)\\k<x>', /backreference/],
    ['a lookahead', '^(?=.*\\d).{8,}$', /lookahead/],
    ['a negative lookahead', '^(?!admin)', /lookahead/],
    ['a lookbehind', '(?<=\\$)\\d+', /lookbehind/],
    ['a negative lookbehind', '(?<!-)\\d', /lookbehind/],
    ['a binary Unicode property', '\\p{Alphabetic}', /binary Unicode property/],
    ['Script_Extensions', '\\p{Script_Extensions=Latin}', /no linear-time equivalent/],
    ['a short script name', '\\p{Script=Grek}', /long names/],
  ])('refuses %s as unsafe-pattern, saying why', (_, pattern, why) => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern } },
    });
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'unsafe-pattern' }] });
    expect(result.ok ? '' : result.issues[0]!.message).toMatch(why);
    expect(() => new RegExp(pattern, 'u')).not.toThrow();
  });

  it.each([
    ['an unbalanced group', '(a'],
    ['an unmatched )', 'a)'],
    ['a lone {', 'a{'],
    ['a lone ]', 'a]'],
    ['a quantifier without an atom', '*a'],
    ['a double quantifier', 'a**'],
    ['a quantified assertion', '^*'],
    ['a quantified lookahead', '(?=a)+'],
    ['a reversed range', '[z-a]'],
    ['reversed counts', 'a{3,2}'],
    ['a class escape in a range', '[\\w-z]'],
    ['an identity escape of a letter', '\\q'],
    ['an escaped hyphen outside a class', '\\-'],
    ['a backreference to a missing group', '(a)\\2'],
    ['a named reference to a missing group', '\\k<nope>'],
    ['a duplicate group name', '(?<n>a)(?<n>b)'],
    ['an unknown Unicode property', '\\p{NotAProperty}'],
    ['a Unicode escape above U+10FFFF', '\\u{110000}'],
    ['\\c without a letter', '\\c1'],
    ['\\0 followed by a digit', '\\01'],
    ['an incomplete \\x escape', '\\x4'],
    ['an inline modifier group', '(?i:a)'],
    ['\\B inside a class', '[\\B]'],
  ])('refuses %s as invalid-pattern, as ECMAScript does', (_, pattern) => {
    expect(() => new RegExp(pattern, 'u')).toThrow(SyntaxError);
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', pattern } },
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [{ path: ['properties', 'f', 'pattern'], code: 'invalid-pattern' }],
    });
  });

  it('prefers invalid-pattern when a pattern is both unsupported and invalid', () => {
    expect(compilePattern('(a)\\1(')).toMatchObject({ ok: false, code: 'invalid-pattern' });
  });
});
