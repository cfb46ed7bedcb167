import { CoreErrorCode, UsageError } from './errors.js';
import { previewValue } from './schema/json-object.js';

/** The bounds of an integer option: `min` and, when there is one, `max` (both included). */
export interface IntegerBounds {
  min: number;
  max?: number;
}

/**
 * An integer option checked at once, the same way in every package: a safe integer within `bounds`, else a
 * `UsageError` naming the option, its bounds and what it got (`details.option`). `code` is the caller's
 * `invalid-option` or `invalid-config`; `where` prefixes the message with the function that was called.
 *
 * ```ts
 * const ttlMs = integerOption('ttlMs', 60_000, { min: 1000, max: 86_400_000 }); // 60000
 * integerOption('maxRounds', 0, { min: 1 }); // throws: "maxRounds must be an integer >= 1, got 0"
 * ```
 */
export function integerOption(
  option: string,
  value: unknown,
  bounds: IntegerBounds,
  context: { code?: string; where?: string } = {},
): number {
  const { min, max } = bounds;
  if (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= min &&
    (max === undefined || value <= max)
  )
    return value;
  const range = max === undefined ? `>= ${min}` : `from ${min} to ${max}`;
  throw new UsageError(
    context.code ?? CoreErrorCode.InvalidOption,
    `${context.where ? `${context.where}: ` : ''}${option} must be an integer ${range}, got ${previewValue(value)}`,
    { details: { option } },
  );
}
