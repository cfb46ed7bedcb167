import type { Translator } from '@elicitkit/core';
import type { TerminalMessageKey } from './en.js';
import { terminalMessages } from './messages.js';

/**
 * Something to say, not yet said: a catalog key and its parameters, which may be phrases themselves (a
 * reason inside "cannot connect to … : {reason}"). Errors carry phrases, so each is worded in the person's
 * language where it is shown, and in English for logs.
 */
export interface Phrase {
  key: TerminalMessageKey;
  params?: Readonly<Record<string, string | number | Phrase>>;
}

/** The phrase in `t`'s language, inner phrases first. */
export function say(t: Translator<TerminalMessageKey>, phrase: Phrase): string {
  if (phrase.params === undefined) return t.t(phrase.key);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(phrase.params)) {
    params[name] = typeof value === 'object' ? say(t, value) : value;
  }
  return t.t(phrase.key, params);
}

/** The phrase in English, for an error's `message` (logs, stack traces). English is built in, never loaded. */
export function sayInEnglish(phrase: Phrase): string {
  return say(terminalMessages.peek('en')!, phrase);
}
