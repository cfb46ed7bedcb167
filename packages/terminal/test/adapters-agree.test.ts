// Issue 23: both adapters, the terminal's and the browser's, run on the same prompt corpus, and what they
// would send is compared. Each gets the same person's input, said in its own way: keys in a real terminal
// (tmux, elicit connect, a v1 SDK server that echoes the answer), clicks and typing in real Chromium (the web
// package's test harness). The kit decides how typed text, choices and untouched fields become an answer;
// this proves each adapter leaves that to it.
import type { RequestedSchema } from '@elicitkit/core';
import { formModel } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outcomes, type Rig, startRig } from '../../web/test/helpers/chromium.js';
import type {} from '../../web/test/helpers/harness-page.js';
import { ALL_KINDS, ALL_KINDS_DEFAULTS } from '../../web/test/helpers/schemas.js';
import { overHttp, type Setup } from './helpers/scenario.js';
import { answer, serverGot } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

vi.setConfig({ testTimeout: 180_000 });

/** What the person does with one field. Fields not listed are left as they are. */
type Act =
  | { type: string } // types this text into an empty field
  | { choose: string | boolean } // picks this one answer
  | { chooseMany: string[] }; // ends with exactly these checked

interface Case {
  name: string;
  schema: RequestedSchema;
  acts: Record<string, Act>;
  /** What both must send. */
  sends: Record<string, unknown>;
}

/** Both UIs run in the same zone, not UTC, so a local date-time is converted with a real offset. */
const ZONE = 'Asia/Tokyo';

const CORPUS: Case[] = [
  {
    name: 'every kind, untouched: the defaults, and nothing for the empty fields',
    schema: ALL_KINDS,
    acts: {},
    sends: ALL_KINDS_DEFAULTS,
  },
  {
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
    name: 'choices made: no, a second option, several, and a required yes/no without a default',
    schema: {
      type: 'object',
      properties: {
        newsletter: { type: 'boolean', title: 'Newsletter' },
        pet: { type: 'string', title: 'Pet', enum: ['cat', 'dog'] },
        tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] } },
        terms: { type: 'boolean', title: 'Terms' },
        seating: {
          type: 'string',
          title: 'Seating',
          oneOf: [
            { const: 'in', title: 'Indoors' },
            { const: 'out', title: 'Terrace' },
          ],
          default: 'in',
        },
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

/** The terminal: keys for one field, from where its prompt starts (see form-fields: askField, askChoice). */
function terminalKeys(
  field: ReturnType<typeof formModel>[number],
  act: Act | undefined,
  initial: unknown,
): string[] {
  if (act === undefined) return ['Enter'];
  if ('type' in act) return [`text:${act.type}`, 'Enter'];
  const options: unknown[] =
    field.kind === 'boolean' ? [true, false] : (field.options ?? []).map((option) => option.value);
  if ('chooseMany' in act) {
    const checked = new Set(Array.isArray(initial) ? initial : []);
    const keys: string[] = [];
    options.forEach((value, index) => {
      if (checked.has(value) !== act.chooseMany.includes(value as string)) {
        keys.push(...Array(index - keys.filter((k) => k === 'Down').length).fill('Down'), 'Space');
      }
    });
    return [...keys, 'Enter'];
  }
  // A single choice: an optional field has "(no answer)" first; a required one without a value "(choose one)".
  const entries = field.required && initial !== undefined ? options : [Symbol('first line'), ...options];
  const start = Math.max(entries.indexOf(initial), 0);
  const target = entries.indexOf(act.choose);
  return [...Array(target - start).fill('Down'), 'Enter'];
}

async function sendByTerminal(term: Terminal, sample: Case, round: number): Promise<unknown> {
  const fields = formModel(sample.schema);
  const defaults = Object.fromEntries(
    fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default] as const),
  );
  await term.type(`call ask_schema ${JSON.stringify({ schema: sample.schema })}`);
  await term.keys('Enter');
  for (const field of fields) {
    await answer(term, field.label, ...terminalKeys(field, sample.acts[field.name], defaults[field.name]));
  }
  await answer(term, 'Send these answers', 'Enter');
  const got = (await serverGot(term, round)) as { action: string; content: unknown };
  expect(got.action).toBe('accept');
  return got.content;
}

/** The browser: the same acts as a person does them in the web form. */
async function sendByBrowser(page: Page, sample: Case, round: number): Promise<unknown> {
  await page.evaluate(
    (schema) => window.harness.form(schema as RequestedSchema, { inline: true }),
    sample.schema,
  );
  const form = page.locator('elicit-form').last();
  const fields = formModel(sample.schema);
  for (const field of fields) {
    const act = sample.acts[field.name];
    if (act === undefined) continue;
    if ('type' in act) await form.getByLabel(field.label).fill(act.type);
    else if ('chooseMany' in act) {
      for (const option of field.options ?? []) {
        await form
          .getByRole('checkbox', { name: option.label })
          .setChecked(act.chooseMany.includes(option.value));
      }
    } else if (field.kind === 'boolean' && field.default !== undefined) {
      await form.getByLabel(field.label).setChecked(act.choose === true);
    } else {
      const label =
        field.kind === 'boolean'
          ? act.choose
            ? 'Yes'
            : 'No'
          : field.options!.find((o) => o.value === act.choose)!.label;
      await form
        .getByRole('radiogroup', { name: field.label })
        .getByRole('radio', { name: label, exact: true })
        .check();
    }
  }
  await form.getByRole('button', { name: 'Review answers' }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  const all = (await outcomes(page, round)) as { action: string; content: unknown }[];
  expect(all[round - 1]!.action).toBe('submit');
  return all[round - 1]!.content;
}

let rig: Rig;
let setup: Setup;
let page: Page;
beforeAll(async () => {
  [rig, setup] = await Promise.all([startRig(), overHttp({ env: { TZ: ZONE }, width: 200, height: 60 })]);
  page = await rig.page({ timezoneId: ZONE });
});
afterAll(async () => {
  await Promise.all([rig?.close(), setup?.close()]);
});

describe('the terminal and the browser send the same answers for the same prompts (issue 23)', () => {
  CORPUS.forEach((sample, index) => {
    it(sample.name, async () => {
      const [byTerminal, byBrowser] = [
        await sendByTerminal(setup.term, sample, index + 1),
        await sendByBrowser(page, sample, index + 1),
      ];
      expect(byTerminal).toEqual(sample.sends);
      expect(byBrowser).toEqual(byTerminal);
    });
  });
});
