import { describe, expect, it } from 'vitest';
import { PromptQueue } from '../../src/policy/prompt-queue.js';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const never = new AbortController().signal;

describe('PromptQueue', () => {
  it('runs one task at a time, in arrival order', async () => {
    const queue = new PromptQueue();
    const log: string[] = [];
    const first = deferred();
    const a = queue.run(never, async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
      return 'a';
    });
    const b = queue.run(never, async () => {
      log.push('b');
      return 'b';
    });
    first.resolve();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    // b was queued before a could end; had it started early, 'b' would come before 'a end'.
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('drops a task cancelled while queued: it never runs, and the queue keeps its order', async () => {
    const queue = new PromptQueue();
    const gate = deferred();
    const ran: string[] = [];
    const a = queue.run(never, async () => {
      await gate.promise;
      ran.push('a');
    });
    const cancel = new AbortController();
    const b = queue.run(cancel.signal, async () => {
      ran.push('b');
    });
    const c = queue.run(never, async () => {
      ran.push('c');
    });
    cancel.abort(new Error('server cancelled'));
    await expect(b).rejects.toThrow('server cancelled');
    gate.resolve();
    await Promise.all([a, c]);
    // c still waited for a, although b left the line early: had c run then, it would come first.
    expect(ran).toEqual(['a', 'c']);
  });

  it('frees the slot when a running task is aborted, even if its UI never answers', async () => {
    const queue = new PromptQueue();
    const cancel = new AbortController();
    const stuck = queue.run(cancel.signal, () => new Promise<never>(() => {}));
    const next = queue.run(never, async () => 'next');
    cancel.abort(new Error('withdrawn'));
    await expect(stuck).rejects.toThrow('withdrawn');
    expect(await next).toBe('next');
  });

  it('keeps going after a task fails', async () => {
    const queue = new PromptQueue();
    const failing = queue.run(never, async () => {
      throw new Error('ui broke');
    });
    await expect(failing).rejects.toThrow('ui broke');
    expect(await queue.run(never, async () => 1)).toBe(1);
  });
});
