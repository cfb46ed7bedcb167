// The prompt corpus both UI adapters are tested on (the terminal's tmux sessions, the web's Chromium pages
// and the test that runs both on the same prompts): one copy, so the two suites cannot drift apart. The schemas
// the published adapter corpus holds come from it (`@elicitkit/client/testing`).

import { ADAPTER_CORPUS } from '@elicitkit/client/testing';
import type { RequestedSchema } from '@elicitkit/core';

/** The adapter corpus's first case (`@elicitkit/client/testing`): one field of every kind, most with defaults. */
const EVERY_KIND = ADAPTER_CORPUS.find((sample) => sample.id === 'every-kind-untouched')!;

/** One field of every kind core's form model has, most with defaults. */
export const ALL_KINDS: RequestedSchema = EVERY_KIND.schema;

/** What submitting ALL_KINDS untouched sends: the defaults, nothing for the empty fields. */
export const ALL_KINDS_DEFAULTS = EVERY_KIND.sends;

/** A titled single-select (`oneOf` + `const`/`title`) with two options, as most corpus forms ask it. */
export const SEATING = (() => {
  const { default: _, ...seating } = ALL_KINDS.properties.seating as { default?: unknown };
  return seating;
})() as {
  type: 'string';
  title: string;
  oneOf: readonly { const: string; title: string }[];
};

/** A short form to fill by keyboard alone. */
export const BOOKING = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    party: { type: 'integer', title: 'Party size', minimum: 1, maximum: 12, default: 2 },
    seating: { type: 'string', title: 'Seating', enum: ['indoors', 'terrace'] },
    reminder: { type: 'boolean', title: 'Send a reminder' },
  },
  required: ['name', 'party', 'seating'],
} as RequestedSchema;

const ESC = '\u001b';
/** Server text a hostile server might send: ANSI, an OSC 8 link, bidi overrides, HTML and a javascript: URL. */
export const HOSTILE = `${ESC}[31mRED${ESC}[0m ${ESC}]8;;javascript:alert(1)${ESC}\\click${ESC}]8;;${ESC}\\ \u202Egnp.exe\u202C <img src=x onerror="window.pwned=1"><a href="javascript:window.pwned=2">link</a> javascript:window.pwned=3`;
