/**
 * Helpers for reading untrusted JSON without trusting prototypes: property names such as `__proto__`,
 * `constructor` and `toString` are ordinary names, read with `Object.hasOwn` and written as own data
 * properties, so nothing reaches `Object.prototype`.
 */

/**
 * A plain JSON object, as untrusted input is read everywhere in elicitkit: created by `JSON.parse`, an object literal or `Object.create(null)`, from any realm.
 * Arrays, class instances (Date, Map, …) and functions are not.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** `target[key] = value`, except that `__proto__` becomes an own property instead of changing the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** An own property's value, or undefined: never one inherited from a prototype. */
export function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

const QUOTE_LIMIT = 60;

/**
 * An untrusted value, shortly, for an error message: its JSON (`"dark"`, `5`, `{"a":1}`), cut to 60
 * characters with `…`. Never throws (cycles, BigInt and the like fall back to their type tag). The result is
 * not sanitized for display: show it to people through `sanitizeForDisplay`.
 */
export function previewValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT - 1)}…` : text;
}

/** The JSON type of a value for messages: `null`, `an array`, `string`, `object`, … */
export function describeType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
