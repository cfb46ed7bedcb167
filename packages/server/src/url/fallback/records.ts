import { createHash } from 'node:crypto';
import type { RequestedSchema } from '@elicitkit/core';

/**
 * What the fallback keeps in the vault (encrypted, per user), under the call's key: the flow behind the link while
 * the person has not answered, then their answer until the call made again takes it.
 */
export interface FallbackEntry {
  /** The URL elicitation (the link's flow). */
  id: string;
  /** The validated answer's content, once given. */
  answer?: Record<string, unknown>;
}

/** Largest tool arguments a call may carry and still be bound to a fallback answer (canonical JSON, bytes). */
export const MAX_BOUND_ARGUMENTS_BYTES = 64 * 1024;

/** The vault entry of the call `key`. */
export const answerEntryName = (key: string) => `fallback.${key}`;

/**
 * The call an answer belongs to: the person, the tool, its arguments (key order aside) and the form asked (message and
 * schema), digested. Another person, other arguments or another form never meet the answer. Undefined when the
 * arguments are too large to bind.
 */
export function callKey(
  user: string,
  tool: string,
  args: unknown,
  form: { message: string; requestedSchema: RequestedSchema },
): string | undefined {
  let bound: string;
  try {
    bound = canonical(args ?? {});
  } catch {
    return undefined; // nested deeper than the stack goes: not bindable
  }
  if (Buffer.byteLength(bound) > MAX_BOUND_ARGUMENTS_BYTES) return undefined;
  const material = JSON.stringify([user, tool, bound, form.message, canonical(form.requestedSchema)]);
  return createHash('sha256').update(material).digest('base64url');
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` bind the same call. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An entry read back from the vault; anything else (tampered, an older shape) reads as none. */
export function parseEntry(text: string | undefined): FallbackEntry | undefined {
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as FallbackEntry;
    if (typeof entry?.id !== 'string') return undefined;
    if (entry.answer !== undefined && (typeof entry.answer !== 'object' || entry.answer === null))
      return undefined;
    return entry;
  } catch {
    return undefined;
  }
}
