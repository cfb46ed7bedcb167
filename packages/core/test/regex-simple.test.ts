import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { translatePattern } from '../src/regex/ecma-pattern.js';
import { compilePattern, PATTERN_STEP_BUDGET } from '../src/regex/safe-pattern.js';
import { SimplePattern } from '../src/regex/simple-pattern.js';
import { runs } from './property-runs.js';

/**
 * The common pattern shapes run without RE2 (src/regex/simple-pattern.ts). Both halves of its promise are
 * checked against the engines themselves: it answers as ECMAScript's `RegExp(pattern, 'u').test`, and it
 * costs what RE2 would (RE2's program size), so `maxInputLength` and every refusal are unchanged.
 */

const atom = fc.constantFrom(
  'a',
  'b',
  'x',
  '\\d',
  '\\w',
  '\\s',
  '\\D',
  '\\W',
  '\\S',
  '.',
  '[a-c]',
  '[^a]',
  '[ab]',
  '[a-b]',
  '[\\d_]',
  '[^\\s\\d]',
  '\\-',
  '[.]',
  'é',
  '😀',
  '\\u{1F600}',
  '[😀-😂]',
  '\\n',
  '[a\\s]',
  '\\u2028',
);
const quantifier = fc.constantFrom(
  '',
  '',
  '',
  '*',
  '+',
  '?',
  '{2}',
  '{3}',
  '{1,3}',
  '{2,4}',
  '{0,2}',
  '{2,}',
  '{0,}',
  '{1,}',
  '*?',
  '{1}',
  '{0,1}',
  '{3,5}?',
);
const alternative = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.tuple(atom, quantifier).map(([piece, count]) => piece + count),
      { maxLength: 5 },
    ),
    fc.boolean(),
  )
  .map(([start, pieces, end]) => `${start ? '^' : ''}${pieces.join('')}${end ? '$' : ''}`);
const pattern = fc.array(alternative, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('|'));
const CHARACTERS = ['a', 'b', 'c', 'x', '1', '_', '-', ' ', '\n', '\u2028', 'é', '😀', '\ud83d', '.', 'A'];
const input = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 10 }).map((chars) => chars.join(''));

describe('simple patterns: linear matcher without RE2 for the common shapes', () => {
  it('[E-60] answers as ECMAScript and costs what RE2 would, on generated patterns of those shapes', () => {
    let simple = 0;
    fc.assert(
      fc.property(pattern, fc.array(input, { minLength: 1, maxLength: 6 }), (source, inputs) => {
        const translation = translatePattern(source);
        if (!translation.ok || translation.simple === undefined) return;
        simple++;
        expect(translation.simple.size, source).toBe(RE2JS.compile(translation.source).programSize());
        const matcher = new SimplePattern(translation.simple);
        const native = new RegExp(source, 'u');
        // Twice each: the first inputs read sets directly, later ones through the ASCII tables.
        for (const text of [...inputs, ...inputs]) {
          expect(matcher.test(text), `${JSON.stringify(source)} on ${JSON.stringify(text)}`).toBe(
            native.test(text),
          );
        }
      }),
      runs(1000),
    );
    expect(simple).toBeGreaterThan(300);
  });

  it('takes the shapes schemas use, and leaves the rest to RE2', () => {
    const simple = (source: string) => {
      const translation = translatePattern(source);
      return translation.ok && translation.simple !== undefined;
    };
    for (const source of [
      '^[A-Za-z][A-Za-z .-]*$',
      '^[A-Za-z][A-Za-z .-]*$|new12',
      '^\\d{5}$',
      '^[a-z0-9_]{3,16}$',
      '^\\+?[1-9]\\d{1,14}$',
      '^#?[0-9a-fA-F]{6}$',
      '^[A-Z]{2}\\d{6}$',
      '^\\S+@\\S+$',
      'abc',
      '',
    ]) {
      expect(simple(source), source).toBe(true);
    }
    for (const source of [
      '^(ab)+$', // a group
      '^a\\b', // a word boundary
      '^\\p{L}+$', // a Unicode property (RE2's tables)
      'ab|ac', // RE2 factors the common start
      'a|b', // RE2 merges single characters into a class
      '^a|^b', // RE2 factors the common ^
      '[a-z]{31}', // more positions than one 32-bit state holds
      'a^b', // an anchor inside
    ]) {
      expect(simple(source), source).toBe(false);
    }
  });

  it('[E-60] stays linear on shapes that make backtracking engines explode', () => {
    // a*a*…a*b on a long run of a: exponential for a backtracking engine, one pass here.
    const compiled = compilePattern(`${'a*'.repeat(12)}b`);
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.pattern).toBeInstanceOf(SimplePattern);
    const longest = compiled.pattern.maxInputLength;
    expect(longest).toBe(Math.floor(PATTERN_STEP_BUDGET / compiled.pattern.cost));
    expect(compiled.pattern.test('a'.repeat(longest))).toBe(false);
    expect(compiled.pattern.test(`${'a'.repeat(longest - 1)}b`)).toBe(true);
  });
});
