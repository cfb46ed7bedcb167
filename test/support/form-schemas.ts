// The prompt corpus both UI adapters are tested on (the terminal's tmux sessions, the web's Chromium pages
// and the test that runs both on the same prompts): one copy, so the two suites cannot drift apart.
import type { RequestedSchema } from '@elicitkit/core';

/** A titled single-select (`oneOf` + `const`/`title`) with two options, as most corpus forms ask it. */
export const SEATING = {
  type: 'string',
  title: 'Seating',
  oneOf: [
    { const: 'in', title: 'Indoors' },
    { const: 'out', title: 'Terrace' },
  ],
} as const;

/** One field of every kind core's form model has, most with defaults. */
export const ALL_KINDS = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      title: 'Name',
      description: 'As on your card.',
      minLength: 2,
      maxLength: 20,
      default: 'Ada',
    },
    email: { type: 'string', format: 'email', title: 'Email' },
    site: { type: 'string', format: 'uri', title: 'Website' },
    day: { type: 'string', format: 'date', title: 'Day', default: '2030-05-17' },
    at: { type: 'string', format: 'date-time', title: 'Arrival' },
    budget: { type: 'number', title: 'Budget', minimum: 0, maximum: 100, default: 12.5 },
    party: { type: 'integer', title: 'Party size', minimum: 1, maximum: 12, default: 2 },
    reminder: { type: 'boolean', title: 'Send a reminder', default: true },
    seating: { ...SEATING, default: 'out' },
    country: {
      type: 'string',
      title: 'Country',
      enum: ['fr', 'de', 'it', 'es', 'pt', 'nl', 'be'],
      default: 'it',
    },
    extras: {
      type: 'array',
      title: 'Extras',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['highchair', 'window', 'cake'] },
      default: ['window'],
    },
  },
  required: ['name', 'party', 'seating'],
} as RequestedSchema;

/** What submitting ALL_KINDS untouched sends: the defaults, nothing for the empty fields. */
export const ALL_KINDS_DEFAULTS = {
  name: 'Ada',
  day: '2030-05-17',
  budget: 12.5,
  party: 2,
  reminder: true,
  seating: 'out',
  country: 'it',
  extras: ['window'],
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
