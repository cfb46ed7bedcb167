// @needs chromium, tmux
// Issue 23: both adapters, the terminal's and the browser's, run on the same prompt corpus, and what they
// would send is compared. Each gets the same person's input, said in its own way: keys in a real terminal
// (tmux, elicit connect, a v1 SDK server that echoes the answer), clicks and typing in real Chromium (the web
// package's test harness). The kit decides how typed text, choices and untouched fields become an answer;
// this proves each adapter leaves that to it. The corpus is @elicitkit/client/testing's ADAPTER_CORPUS, which
// third-party UIs run too (packages/client/test/line-ui.test.ts runs the client README's own adapter on it).

import {
  ADAPTER_CORPUS,
  ADAPTER_CORPUS_TIME_ZONE,
  type AdapterAct,
  type AdapterCase,
} from '@elicitkit/client/testing';
import type { RequestedSchema } from '@elicitkit/core';
import { formModel } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outcomes, type Rig, startRig } from '../../web/test/helpers/chromium.js';
import type {} from '../../web/test/helpers/harness-page.js';
import { overHttp, type Setup } from './helpers/scenario.js';
import { answer, serverGot } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

vi.setConfig({ testTimeout: 180_000 });

/** The terminal: keys for one field, from where its prompt starts (see form-fields: askField, askChoice). */
function terminalKeys(
  field: ReturnType<typeof formModel>[number],
  act: AdapterAct | undefined,
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

async function sendByTerminal(term: Terminal, sample: AdapterCase, round: number): Promise<unknown> {
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
async function sendByBrowser(page: Page, sample: AdapterCase, round: number): Promise<unknown> {
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
  [rig, setup] = await Promise.all([
    startRig(),
    overHttp({ env: { TZ: ADAPTER_CORPUS_TIME_ZONE }, width: 200, height: 60 }),
  ]);
  page = await rig.page({ timezoneId: ADAPTER_CORPUS_TIME_ZONE });
});
afterAll(async () => {
  await Promise.all([rig?.close(), setup?.close()]);
});

describe('the terminal and the browser send the same answers for the same prompts (issue 23)', () => {
  ADAPTER_CORPUS.forEach((sample, index) => {
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
