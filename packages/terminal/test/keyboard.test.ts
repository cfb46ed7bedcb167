import { describe, expect, it } from 'vitest';
import { Keyboard, type LineTurn } from '../src/ui/keyboard.js';

/** A command line that records what it draws, gives way when told, and is answered by the test. */
function fakeLine(events: string[]) {
  let answer: ((text: string) => void) | undefined;
  const draw = (typed: string, suspended: AbortSignal) =>
    new Promise<LineTurn<string>>((resolve) => {
      events.push(`line drawn "${typed}"`);
      suspended.addEventListener('abort', () => {
        events.push('line suspended');
        resolve({ status: 'suspended', typed: `${typed}+` });
      });
      answer = (text) => resolve({ status: 'done', value: text });
    });
  return { draw, enter: (text: string) => answer!(text) };
}

/** A prompt the test ends. */
function fakePrompt(events: string[], name: string) {
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    run: async () => {
      events.push(`${name} up`);
      await ended;
      events.push(`${name} down`);
      return name;
    },
    end,
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('one owner of the keyboard', () => {
  it('[E-04] [E-05] a prompt suspends the command line, which comes back with what was typed once the prompt ends', async () => {
    const keyboard = new Keyboard();
    const events: string[] = [];
    const line = fakeLine(events);
    const read = keyboard.commandLine(line.draw);
    await settle();
    const form = fakePrompt(events, 'form');
    const shown = keyboard.take(form.run);
    await settle();
    expect(events).toEqual(['line drawn ""', 'line suspended', 'form up']);
    form.end();
    expect(await shown).toBe('form');
    await settle();
    expect(events.at(-1)).toBe('line drawn "+"');
    line.enter('tools');
    expect(await read).toBe('tools');
  });

  it('prompts take turns in arrival order, and output waits for the prompt ahead of it', async () => {
    const keyboard = new Keyboard();
    const events: string[] = [];
    const first = fakePrompt(events, 'first');
    const second = fakePrompt(events, 'second');
    const a = keyboard.take(first.run);
    const printed = keyboard.print(() => events.push('result printed'));
    const b = keyboard.take(second.run);
    await settle();
    expect(events).toEqual(['first up']);
    expect(keyboard.busy).toBe(true);
    first.end();
    await a;
    await printed;
    await settle();
    expect(events).toEqual(['first up', 'first down', 'result printed', 'second up']);
    second.end();
    await b;
    expect(keyboard.busy).toBe(false);
  });

  it('the command line is not drawn while a prompt holds or waits for the keyboard', async () => {
    const keyboard = new Keyboard();
    const events: string[] = [];
    const form = fakePrompt(events, 'form');
    const shown = keyboard.take(form.run);
    const line = fakeLine(events);
    const read = keyboard.commandLine(line.draw);
    await settle();
    expect(events).toEqual(['form up']);
    form.end();
    await shown;
    await settle();
    expect(events).toEqual(['form up', 'form down', 'line drawn ""']);
    line.enter('exit');
    expect(await read).toBe('exit');
  });

  it('a prompt that fails still hands the keyboard on', async () => {
    const keyboard = new Keyboard();
    await expect(keyboard.take(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await keyboard.take(async () => 'next')).toBe('next');
    expect(keyboard.busy).toBe(false);
  });
});
