import { describe, expect, it } from 'vitest';
import { CompletionTracker } from '../../src/completion/completion-tracker.js';

describe('CompletionTracker', () => {
  it('[E-20] ignores completions for ids the user never consented to', () => {
    const completed: string[] = [];
    const tracker = new CompletionTracker((id) => completed.push(id));
    expect(tracker.complete('never-seen')).toBe(false);
    expect(completed).toEqual([]);
  });

  it('[E-20] ignores a second completion for the same id', () => {
    const completed: string[] = [];
    const tracker = new CompletionTracker((id) => completed.push(id));
    tracker.consented('e1');
    expect(tracker.complete('e1')).toBe(true);
    expect(tracker.complete('e1')).toBe(false);
    expect(completed).toEqual(['e1']);
  });

  it('[E-20] [E-21] a notice that came before the consent counts once the person consents, never before', () => {
    const completed: string[] = [];
    const tracker = new CompletionTracker((id) => completed.push(id));
    // A relay's page opens the link itself: its server can say "done" before the host hears the consent.
    expect(tracker.complete('e1')).toBe(false);
    expect(completed).toEqual([]);
    tracker.consented('e1');
    expect(completed).toEqual(['e1']);
    expect(tracker.isPending('e1')).toBe(false);
    // Counted once: the same notice again, and a consent to it again, complete nothing more.
    expect(tracker.complete('e1')).toBe(false);
    tracker.consented('e1');
    expect(tracker.isPending('e1')).toBe(true);
    expect(completed).toEqual(['e1']);
  });

  it('[E-21] wakes every waiter of a consented id when it completes', async () => {
    const tracker = new CompletionTracker(() => {});
    tracker.consented('e1');
    const waits = [tracker.waitFor('e1'), tracker.waitFor('e1')];
    expect(tracker.isPending('e1')).toBe(true);
    tracker.complete('e1');
    await Promise.all(waits);
    expect(tracker.isPending('e1')).toBe(false);
  });

  it('stops a wait when its signal aborts, leaving the elicitation pending', async () => {
    const tracker = new CompletionTracker(() => {});
    tracker.consented('e1');
    const controller = new AbortController();
    const wait = tracker.waitFor('e1', controller.signal);
    controller.abort(new Error('gave up'));
    await expect(wait).rejects.toThrow('gave up');
    expect(tracker.isPending('e1')).toBe(true);
  });
});
