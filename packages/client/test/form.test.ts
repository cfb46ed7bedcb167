import { afterEach, describe, expect, it } from 'vitest';
import type { FormPrompt } from '../src/index.js';
import { scriptedUI, submitDefaults } from '../src/testing/index.js';
import { connectToRawServer } from './helpers/raw-server.js';
import { recordingOpener } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

async function setup(serverInfo?: unknown, options: { maxInvalidSubmissions?: number } = {}) {
  const ui = scriptedUI();
  const connection = await connectToRawServer(
    { ui, opener: recordingOpener(), rateLimit: false, ...options },
    serverInfo,
  );
  cleanup.push(connection.close);
  return { ui, ...connection };
}

const profile = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', default: 'Ada' },
    age: { type: 'integer', minimum: 18, default: 30 },
    newsletter: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'] },
  },
  required: ['name', 'age'],
};

describe('form mode', () => {
  it('[E-13] prefills the schema defaults for the user to review', async () => {
    const { server, ui } = await setup();
    ui.push({ form: submitDefaults });
    const response = await server.elicit({ message: 'Profile', requestedSchema: profile });
    const prompt = ui.prompts[0] as FormPrompt;
    expect(prompt.initial).toEqual({ name: 'Ada', age: 30, newsletter: true });
    expect(prompt.fields.map((field) => field.name)).toEqual(['name', 'age', 'newsletter', 'color']);
    expect(response.result).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 30, newsletter: true },
    });
  });

  it('[E-13] never injects defaults the user removed: the answer is what the user sent', async () => {
    const { server, ui } = await setup();
    ui.push({ form: { action: 'submit', content: { name: 'Grace', age: 40 } } });
    const response = await server.elicit({ message: 'Profile', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'accept', content: { name: 'Grace', age: 40 } });
  });

  it('[E-59] never sends an invalid answer: the UI is asked again with the issues and the previous answers', async () => {
    const { server, ui } = await setup();
    ui.push(
      { form: { action: 'submit', content: { name: 'Ada', age: 12 } } },
      { form: { action: 'submit', content: { name: 'Ada', age: 21 } } },
    );
    const response = await server.elicit({ message: 'Profile', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'accept', content: { name: 'Ada', age: 21 } });
    const [first, second] = ui.prompts as FormPrompt[];
    expect(first?.issues).toBeUndefined();
    expect(second?.issues?.map((issue) => [issue.path, issue.code])).toEqual([[['age'], 'minimum']]);
    expect(second?.initial).toEqual({ name: 'Ada', age: 12 });
  });

  it('[E-59] rejects answers with fields the schema does not have', async () => {
    const { server, ui } = await setup();
    ui.push(
      { form: { action: 'submit', content: { name: 'Ada', age: 30, password: 'hunter2' } } },
      { form: { action: 'cancel' } },
    );
    const response = await server.elicit({ message: 'Profile', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'cancel' });
    expect((ui.prompts[1] as FormPrompt).issues?.[0]?.code).toBe('unknown-property');
  });

  it('[E-59] gives the UI live validation that agrees with the final check', async () => {
    const { server, ui } = await setup();
    ui.push({
      form: (prompt) => {
        expect(prompt.validateField('age', 5).map((issue) => issue.code)).toEqual(['minimum']);
        expect(prompt.validateField('age', 50)).toEqual([]);
        expect(prompt.validate({ name: 'Ada' })).toMatchObject({ ok: false });
        expect(prompt.validate({ name: 'Ada', age: 50 })).toEqual({
          ok: true,
          value: { name: 'Ada', age: 50 },
        });
        return { action: 'decline' };
      },
    });
    const response = await server.elicit({ message: 'Profile', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'decline' });
  });

  it('[E-04] sends decline and cancel without content', async () => {
    const { server, ui } = await setup();
    ui.push({ form: { action: 'decline' } }, { form: { action: 'cancel' } });
    expect((await server.elicit({ message: 'a', requestedSchema: profile })).result).toEqual({
      action: 'decline',
    });
    expect((await server.elicit({ message: 'b', requestedSchema: profile })).result).toEqual({
      action: 'cancel',
    });
  });

  it('[E-03] names the requesting server from initialize, sanitized', async () => {
    const { server, ui } = await setup({
      name: 'evil\u001b[2J\u202eserver',
      title: 'Totally\u0007 Trusted',
      version: '6.6.6\r\n',
    });
    ui.push({ form: { action: 'decline' } });
    await server.elicit({ message: 'Hi', requestedSchema: profile });
    const { requester } = ui.prompts[0] as FormPrompt;
    for (const text of [requester.name, requester.title, requester.version]) {
      expect(text).toBeTypeOf('string');
      expect(text).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(requester.name).toContain('evil');
  });

  it('[E-44] sanitizes the message but keeps its line breaks', async () => {
    const { server, ui } = await setup();
    ui.push({ form: { action: 'decline' } });
    await server.elicit({
      message: 'Line one\n\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u202eLine two',
      requestedSchema: profile,
    });
    const { message } = ui.prompts[0] as FormPrompt;
    expect(message).toContain('\n');
    expect(message).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e]/);
  });

  it('[E-44] hands on the requested schema in the shapes the server wrote, its texts sanitized', async () => {
    const { server, ui } = await setup();
    ui.push({ form: { action: 'decline' } });
    const hostile = 'Pick\u001b[2J\u202e one';
    await server.elicit({
      message: 'Choose',
      requestedSchema: {
        type: 'object',
        properties: {
          plain: { type: 'string', title: hostile, enum: ['a', 'b'], default: 'b' },
          legacy: { type: 'string', enum: ['x'], enumNames: [hostile] },
          titled: { type: 'string', oneOf: [{ const: 'y', title: hostile }] },
          many: { type: 'array', items: { anyOf: [{ const: 'z', title: hostile }] } },
          note: { type: 'string', description: `${hostile}\nsecond line`, default: 'ok\u202e' },
          $comment: { type: 'boolean', $comment: 'annotations are not handed on' },
        },
        required: ['plain'],
      },
    });
    const { requestedSchema } = ui.prompts[0] as FormPrompt;
    const { plain, legacy, titled, many, note } = requestedSchema.properties as Record<string, never>;
    expect(plain).toEqual({ type: 'string', title: 'Pick one', enum: ['a', 'b'], default: 'b' });
    expect(legacy).toEqual({ type: 'string', enum: ['x'], enumNames: ['Pick one'] });
    expect(titled).toEqual({ type: 'string', oneOf: [{ const: 'y', title: 'Pick one' }] });
    expect(many).toEqual({ type: 'array', items: { anyOf: [{ const: 'z', title: 'Pick one' }] } });
    // A default the form does not prefill (it would not show as it is) is not handed on either.
    expect(note).toEqual({ type: 'string', description: 'Pick one\nsecond line' });
    expect(requestedSchema.properties.$comment).toEqual({ type: 'boolean' });
    expect(requestedSchema.required).toEqual(['plain']);
    // A pushed request has no round key.
    expect((ui.prompts[0] as FormPrompt).inputRequestKey).toBeUndefined();
  });

  it('answers cancel when the UI adapter fails, and reports the failure', async () => {
    const { server, ui, host } = await setup();
    const errors: unknown[] = [];
    host.on('error', (event) => errors.push(event.error));
    ui.push({
      form: () => {
        throw new Error('terminal went away');
      },
    });
    const response = await server.elicit({ message: 'x', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'cancel' });
    expect(errors).toEqual([new Error('terminal went away')]);
  });

  it('gives up with cancel after maxInvalidSubmissions invalid answers', async () => {
    const { server, ui } = await setup(undefined, { maxInvalidSubmissions: 2 });
    ui.push({ form: { action: 'submit', content: {} } }, { form: { action: 'submit', content: {} } });
    const response = await server.elicit({ message: 'x', requestedSchema: profile });
    expect(response.result).toEqual({ action: 'cancel' });
    expect(ui.prompts).toHaveLength(2);
    expect(ui.notices.at(-1)?.code).toBe('request-rejected');
  });

  it('checks answers against a catastrophic-backtracking pattern in linear time', async () => {
    const { server, ui } = await setup();
    const hostile = 'a'.repeat(50_000) + '!';
    ui.push({ form: { action: 'submit', content: { code: hostile } } }, { form: { action: 'decline' } });
    const response = await server.elicit({
      message: 'Code?',
      requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } },
    });
    expect(response.result).toEqual({ action: 'decline' });
    expect((ui.prompts[1] as FormPrompt).issues?.[0]?.code).toBe('pattern');
  });
});
