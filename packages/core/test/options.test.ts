import { describe, expect, it } from 'vitest';
import { integerOption } from '../src/index.js';

describe('integerOption: one check for every integer option of every package', () => {
  it('returns a safe integer within its bounds', () => {
    expect(integerOption('n', 0, { min: 0 })).toBe(0);
    expect(integerOption('n', 300_000, { min: 1, max: 300_000 })).toBe(300_000);
  });

  it('refuses anything else with invalid-option (or the caller’s code), naming the option, its bounds and what it got', () => {
    for (const [value, got] of [
      [0.5, '0.5'],
      [-1, '-1'],
      [Number.NaN, 'null'],
      [Number.MAX_SAFE_INTEGER + 1, '9007199254740992'],
      ['5', '"5"'],
      [undefined, 'undefined'],
    ] as const) {
      expect(() => integerOption('ttlMs', value, { min: 0 })).toThrow(
        expect.objectContaining({
          name: 'UsageError',
          code: 'invalid-option',
          details: { option: 'ttlMs' },
          message: `ttlMs must be an integer >= 0, got ${got}`,
        }),
      );
    }
    expect(() =>
      integerOption(
        'holdMs',
        0,
        { min: 1, max: 300_000 },
        { code: 'invalid-config', where: 'createUrlMode' },
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid-config',
        message: 'createUrlMode: holdMs must be an integer from 1 to 300000, got 0',
      }),
    );
  });
});
