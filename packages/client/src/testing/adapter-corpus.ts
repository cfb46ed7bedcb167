import type { RequestedSchema } from '@elicitkit/core';

/**
 * What the person does with one field of an {@link AdapterCase}: types text into the empty field, picks one answer
 * (a yes/no or an option's value), or ends with exactly these options checked. A field with no act is left as it
 * starts (its default, or unanswered).
 */
export type AdapterAct = { type: string } | { choose: string | boolean } | { chooseMany: string[] };

/** One prompt of the {@link ADAPTER_CORPUS}: the form, what the person does, and what every UI must send. */
export interface AdapterCase {
  /** Stable, for test names and for picking a case. */
  id: string;
  /** What the case proves, in words. */
  name: string;
  schema: RequestedSchema;
  acts: Readonly<Record<string, AdapterAct>>;
  /** The `content` every adapter submits for these acts, exactly. */
  sends: Readonly<Record<string, unknown>>;
}

/** The corpus's local date-times are entered in this zone: run the UI under test in it (`TZ`, a browser's `timezoneId`). */
export const ADAPTER_CORPUS_TIME_ZONE = 'Asia/Tokyo';

const SEATING = {
  type: 'string',
  title: 'Seating',
  oneOf: [
    { const: 'in', title: 'Indoors' },
    { const: 'out', title: 'Terrace' },
  ],
} as const;

/**
 * The prompts on which every UI adapter sends the same answers: elicitkit's terminal and browser UIs are tested on
 * it side by side, and a third UI (a chat bot, your own CLI) proves it reads typed input, defaults, choices and
 * untouched fields as they do by driving the same acts and comparing what it submits with `sends`. The kit
 * (`@elicitkit/client/ui-kit`: `parseFieldInput`, `assembleAnswer`) decides how input becomes an answer; an adapter
 * that leaves that to it passes.
 */
export const ADAPTER_CORPUS: readonly AdapterCase[] = [
  {
    id: 'every-kind-untouched',
    name: 'every kind, untouched: the defaults, and nothing for the empty fields',
    schema: {
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
    } as RequestedSchema,
    acts: {},
    sends: {
      name: 'Ada',
      day: '2030-05-17',
      budget: 12.5,
      party: 2,
      reminder: true,
      seating: 'out',
      country: 'it',
      extras: ['window'],
    },
  },
  {
    id: 'typed-values',
    name: 'typed values: free text as typed, formats trimmed, numbers read, a local date-time with its offset',
    schema: {
      type: 'object',
      properties: {
        note: { type: 'string', title: 'Note' },
        email: { type: 'string', format: 'email', title: 'Email' },
        site: { type: 'string', format: 'uri', title: 'Website' },
        count: { type: 'integer', title: 'Count' },
        ratio: { type: 'number', title: 'Ratio' },
        day: { type: 'string', format: 'date', title: 'Day' },
        at: { type: 'string', format: 'date-time', title: 'Arrival' },
      },
      required: ['note'],
    } as RequestedSchema,
    acts: {
      note: { type: '  two  words ' },
      email: { type: ' ada@example.com ' },
      site: { type: ' https://example.com/x ' },
      count: { type: '7' },
      ratio: { type: '2.50' },
      day: { type: '2030-01-02' },
      at: { type: '2030-05-17T18:30' },
    },
    sends: {
      note: '  two  words ',
      email: 'ada@example.com',
      site: 'https://example.com/x',
      count: 7,
      ratio: 2.5,
      day: '2030-01-02',
      at: '2030-05-17T18:30:00+09:00',
    },
  },
  {
    id: 'optional-untouched',
    name: 'optional fields without defaults, untouched: none of them is sent (no false, no [])',
    schema: {
      type: 'object',
      properties: {
        newsletter: { type: 'boolean', title: 'Newsletter' },
        pet: { type: 'string', title: 'Pet', enum: ['cat', 'dog'] },
        tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] } },
        note: { type: 'string', title: 'Note' },
      },
    } as RequestedSchema,
    acts: {},
    sends: {},
  },
  {
    id: 'choices-made',
    name: 'choices made: no, a second option, several, and a required yes/no without a default',
    schema: {
      type: 'object',
      properties: {
        newsletter: { type: 'boolean', title: 'Newsletter' },
        pet: { type: 'string', title: 'Pet', enum: ['cat', 'dog'] },
        tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] } },
        terms: { type: 'boolean', title: 'Terms' },
        seating: { ...SEATING, default: 'in' },
      },
      required: ['terms', 'seating'],
    } as RequestedSchema,
    acts: {
      newsletter: { choose: false },
      pet: { choose: 'dog' },
      tags: { chooseMany: ['a', 'c'] },
      terms: { choose: true },
      seating: { choose: 'out' },
    },
    sends: { newsletter: false, pet: 'dog', tags: ['a', 'c'], terms: true, seating: 'out' },
  },
];
