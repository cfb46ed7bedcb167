import type { RawRequestedSchema } from '@elicitkit/server';

/** What the person is told to do with a form, and so what a host that works sends back. */
export type ExpectedAction = 'accept' | 'decline' | 'cancel';

/** One form of the checkup: the instruction (its message), what it asks, and the answer a working host returns. */
export interface FormCheck {
  readonly id: string;
  /** A few words for the report's table. */
  readonly title: string;
  /** The rules a wrong answer breaks, as `spec/REQUIREMENTS*.md` number them. */
  readonly rules: readonly string[];
  /** The instruction, shown as the request's message. */
  readonly message: string;
  /** Checked by the library before it is sent, as any server's form is. */
  readonly schema: RawRequestedSchema;
  readonly expect: ExpectedAction;
  /**
   * The values a person following the instruction sends. A field missing from the answer, or of the wrong type, is a
   * `fail`; another value of the right type is `suspect` (the person may have typed something else).
   */
  readonly values?: Readonly<Record<string, unknown>>;
  /** 2025-06-18 carries only boolean defaults: the fields whose value that revision cannot be expected to send. */
  readonly notOn20250618?: readonly string[];
  /** The instruction asks the person to keep the form open this long before answering (a host's timeouts). */
  readonly waitMs?: number;
  /**
   * Option titles a broken host sends instead of the option's value, by field: such an answer is named for what it is.
   */
  readonly titles?: Readonly<Record<string, readonly string[]>>;
}

const ROOM = [
  { const: 'single', title: 'Single room' },
  { const: 'double', title: 'Double room' },
] as const;
const FRUIT = [
  { const: 'ap', title: 'Apples' },
  { const: 'pe', title: 'Pears' },
  { const: 'ch', title: 'Cherries' },
] as const;

const field = (
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array',
  title: string,
  description: string,
  extra: Record<string, unknown> = {},
) => ({
  type,
  title,
  description,
  ...extra,
});

/**
 * The forms, in the order they are asked. Each covers one thing hosts are reported to get wrong: field kinds and their
 * JSON types, defaults (E-13), the three enum forms (values, never titles), multi-select, decline and cancel (E-04).
 */
export const FORM_CHECKS: readonly FormCheck[] = [
  {
    id: 'form-fields',
    title: 'Every field kind, with its JSON type',
    rules: ['E-12', 'E-59'],
    message:
      'Checkup 1: type into each field exactly what its description says, then accept (submit). ' +
      'This checks that every kind of field comes back with the right type.',
    schema: {
      type: 'object',
      properties: {
        word: field('string', 'Word', 'Type: hello'),
        count: field('integer', 'Count', 'Type: 42'),
        ratio: field('number', 'Ratio', 'Type: 2.5'),
        agree: field('boolean', 'Agree', 'Tick it (yes)'),
        email: field('string', 'Email', 'Type: person@example.com', { format: 'email' }),
        day: field('string', 'Day', 'Type: 2026-12-07', { format: 'date' }),
      },
      required: ['word', 'count', 'ratio', 'agree', 'email', 'day'],
    },
    expect: 'accept',
    values: {
      word: 'hello',
      count: 42,
      ratio: 2.5,
      agree: true,
      email: 'person@example.com',
      day: '2026-12-07',
    },
  },
  {
    id: 'form-defaults',
    title: 'Defaults shown and sent back',
    rules: ['E-13'],
    message:
      'Checkup 2: every field here is already filled in. Change nothing, and accept. ' +
      'This checks that your host shows the defaults a server gives and sends them back.',
    schema: {
      type: 'object',
      properties: {
        city: field('string', 'City', 'Leave as it is', { default: 'Lisbon' }),
        guests: field('integer', 'Guests', 'Leave as it is', { default: 2 }),
        budget: field('number', 'Budget', 'Leave as it is', { default: 99.5 }),
        newsletter: field('boolean', 'Newsletter', 'Leave as it is', { default: true }),
        room: field('string', 'Room', 'Leave as it is', { oneOf: ROOM, default: 'double' }),
        fruit: field('array', 'Fruit', 'Leave as it is', { items: { anyOf: FRUIT }, default: ['pe'] }),
      },
    },
    expect: 'accept',
    values: { city: 'Lisbon', guests: 2, budget: 99.5, newsletter: true, room: 'double', fruit: ['pe'] },
    notOn20250618: ['city', 'guests', 'budget', 'room', 'fruit'],
  },
  {
    id: 'enum-titled',
    title: 'Titled choice: the value, not the title',
    rules: ['E-12', 'E-59'],
    message: 'Checkup 3: choose "Double room", then accept.',
    schema: {
      type: 'object',
      properties: { room: field('string', 'Room', 'Choose: Double room', { oneOf: ROOM }) },
      required: ['room'],
    },
    expect: 'accept',
    values: { room: 'double' },
    titles: { room: ROOM.map((option) => option.title) },
  },
  {
    id: 'enum-untitled',
    title: 'Plain choice',
    rules: ['E-12', 'E-59'],
    message: 'Checkup 4: choose "beta", then accept.',
    schema: {
      type: 'object',
      properties: { letter: field('string', 'Letter', 'Choose: beta', { enum: ['alpha', 'beta', 'gamma'] }) },
      required: ['letter'],
    },
    expect: 'accept',
    values: { letter: 'beta' },
  },
  {
    id: 'enum-legacy',
    title: 'Legacy choice (enumNames): the value, not the name',
    rules: ['E-12', 'E-59'],
    message: 'Checkup 5: choose "Second", then accept.',
    schema: {
      type: 'object',
      properties: {
        place: field('string', 'Place', 'Choose: Second', {
          enum: ['p1', 'p2', 'p3'],
          enumNames: ['First', 'Second', 'Third'],
        }),
      },
      required: ['place'],
    },
    expect: 'accept',
    values: { place: 'p2' },
    titles: { place: ['First', 'Second', 'Third'] },
  },
  {
    id: 'multi-select',
    title: 'Multi-select: a list of values',
    rules: ['E-12', 'E-59'],
    message: 'Checkup 6: choose two options, "Apples" and "Cherries", then accept.',
    schema: {
      type: 'object',
      properties: {
        fruit: field('array', 'Fruit', 'Choose: Apples and Cherries', {
          items: { anyOf: FRUIT },
          minItems: 2,
          maxItems: 2,
        }),
      },
      required: ['fruit'],
    },
    expect: 'accept',
    values: { fruit: ['ap', 'ch'] },
    titles: { fruit: FRUIT.map((option) => option.title) },
  },
  {
    id: 'decline',
    title: 'Decline offered and sent',
    rules: ['E-04', 'E-27'],
    message: 'Checkup 7: decline this one (press "Decline" or "No"). Do not fill anything in.',
    schema: { type: 'object', properties: { note: field('string', 'Note', 'Leave empty and decline') } },
    expect: 'decline',
  },
  {
    id: 'cancel',
    title: 'Cancel offered and sent',
    rules: ['E-04', 'E-27'],
    message: 'Checkup 8: cancel this one (close it, or press "Cancel"), without declining.',
    schema: { type: 'object', properties: { note: field('string', 'Note', 'Leave empty and cancel') } },
    expect: 'cancel',
  },
];

/**
 * The last check, after every other: a form the person keeps open for a minute, so a host that ends calls after about 60 s
 * (the v1 SDK client's default) does so with everything else already found. Its wait is sent progress (`keepAlive`).
 */
export const LONG_WAIT_CHECK: FormCheck = {
  id: 'long-wait',
  title: 'A person who takes a minute',
  rules: [], // no rule of the spec: what a host's own timeout does to a person
  message:
    'Checkup 11: keep this form open for a minute and a bit (65 seconds), then tick it and accept. ' +
    'This checks that your host waits for you and does not end the call meanwhile.',
  schema: {
    type: 'object',
    properties: { waited: field('boolean', 'I waited a minute', 'Tick it after 65 seconds') },
    required: ['waited'],
  },
  expect: 'accept',
  values: { waited: true },
  waitMs: 65_000,
};
