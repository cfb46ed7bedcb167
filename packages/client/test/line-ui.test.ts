// Issue 29: the client README's complete third adapter (questions and replies, for a chat bot or a plain CLI),
// extracted from the README as written and run on the published adapter corpus (@elicitkit/client/testing): it must
// send exactly what the terminal and the browser send (packages/terminal/test/adapters-agree.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FormField, formModel } from '@elicitkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, readmeBlocks } from '../../../test/support/code-blocks.js';
import type { ElicitationUI } from '../src/index.js';
import { ADAPTER_CORPUS, ADAPTER_CORPUS_TIME_ZONE, type AdapterAct } from '../src/testing/index.js';
import { connectToRawServer } from './helpers/raw-server.js';

type Ask = (text: string, signal: AbortSignal) => Promise<string>;
let lineUI: (ask: Ask) => ElicitationUI;

const zone = process.env.TZ;
beforeAll(async () => {
  const block = readmeBlocks('packages/client/README.md').find((b) =>
    b.code.includes('export function lineUI'),
  );
  if (!block) throw new Error('the client README has no lineUI block');
  const dir = path.join(ROOT, '.tmp', 'readme-line-ui');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'line-ui.ts');
  writeFileSync(file, block.code);
  ({ lineUI } = (await import(file)) as { lineUI: typeof lineUI });
  // The corpus's local date-times are typed in its zone (Node reads TZ again when it changes).
  process.env.TZ = ADAPTER_CORPUS_TIME_ZONE;
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** The reply a person gives to a field's question for `act`: its text, an option's number, several numbers. */
function replyFor(field: FormField, act: AdapterAct | undefined): string {
  if (act === undefined) return '';
  if ('type' in act) return act.type;
  const values: unknown[] =
    field.kind === 'boolean' ? [true, false] : (field.options ?? []).map((o) => o.value);
  if ('chooseMany' in act) return act.chooseMany.map((value) => values.indexOf(value) + 1).join(',');
  return String(values.indexOf(act.choose) + 1);
}

/** A person who answers each question in turn, checking that it is the field they expect. */
function person(replies: { label: string; reply: string }[]) {
  const asked: string[] = [];
  const ask: Ask = async (text) => {
    asked.push(text);
    const next = replies.shift();
    if (!next) throw new Error(`asked more than expected:\n${text}`);
    if (!text.includes(next.label)) throw new Error(`expected a question about ${next.label}, got:\n${text}`);
    return next.reply;
  };
  return { ask, asked };
}

describe("the client README's line UI on the adapter corpus", () => {
  for (const sample of ADAPTER_CORPUS) {
    it(`sends what every UI sends: ${sample.name}`, async () => {
      const fields = formModel(sample.schema);
      const { ask } = person([
        ...fields.map((field) => ({ label: field.label, reply: replyFor(field, sample.acts[field.name]) })),
        { label: 'Send these answers?', reply: 'yes' },
      ]);
      const { server, close } = await connectToRawServer({ ui: lineUI(ask) });
      const response = await server.elicit({
        mode: 'form',
        message: 'Please answer.',
        requestedSchema: sample.schema,
      });
      expect(response.result).toEqual({ action: 'accept', content: sample.sends });
      await close();
    });
  }

  it('says a refused answer in words and asks again; /decline declines', async () => {
    const schema = ADAPTER_CORPUS.find((c) => c.id === 'typed-values')!.schema;
    const { ask, asked } = person([
      { label: 'Note', reply: '' }, // required: refused
      { label: 'Note', reply: 'hello' },
      { label: 'Email', reply: 'not an address' },
      { label: 'Email', reply: '/decline' },
    ]);
    const { server, close } = await connectToRawServer({ ui: lineUI(ask) });
    const response = await server.elicit({
      mode: 'form',
      message: 'Please answer.',
      requestedSchema: schema,
    });
    expect(response.result).toEqual({ action: 'decline' });
    expect(asked[0]).toContain('Raw Test Server (raw-server 1.0.0) asks: Please answer.');
    expect(asked[1]).toMatch(/^Enter an answer\.\nNote/);
    expect(asked[3]).toMatch(/^Enter an email address, like name@example\.com\.\nEmail/);
    await close();
  });

  it('asks URL consent with the site, the full address and every warning', async () => {
    const href = 'http://127.0.0.1:8080/connect?flow=1';
    const { ask, asked } = person([{ label: 'Open it in your browser?', reply: 'yes' }]);
    const { server, close } = await connectToRawServer({ ui: lineUI(ask), opener: async () => {} });
    const response = await server.elicit({ mode: 'url', message: 'Connect', url: href, elicitationId: 'e1' });
    expect(response.result).toEqual({ action: 'accept' });
    expect(asked[0]).toContain('Site: 127.0.0.1');
    expect(asked[0]).toContain(`Full address: ${href}`);
    expect(asked[0]?.match(/^Warning: /gm)?.length).toBeGreaterThanOrEqual(2);
    await close();
  });
});
