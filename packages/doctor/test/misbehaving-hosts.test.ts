import type { ElicitResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/test/helpers/manual-clock.js';
import type { CheckupReport } from '../src/index.js';
import {
  type Behaviour,
  checkOf,
  detailOf,
  type Era,
  followsInstructions,
  runHost,
  verdicts,
} from './helpers/hosts.js';

const ERAS: Era[] = ['2025-11-25', '2026-07-28'];

/** A person following instructions, except where `change` rewrites what the host sends for a check. */
const except =
  (change: (id: string, answer: ElicitResult) => ElicitResult): Behaviour =>
  async (params, clock) => {
    const answer = await followsInstructions(params, clock);
    const check = params.mode === 'url' ? undefined : checkOf(params);
    return check ? change(check.id, answer) : answer;
  };

const FORM_IDS = [
  'form-fields',
  'form-defaults',
  'enum-titled',
  'enum-untitled',
  'enum-legacy',
  'multi-select',
];

describe.each(ERAS)('hosts that misbehave, on %s', (era) => {
  it('[E-05] a host that declines every form within milliseconds: no person could have answered', async () => {
    const { report } = await runHost({ era, behaviour: () => ({ action: 'decline' }) });
    for (const id of FORM_IDS) {
      expect(verdicts(report)[id], id).toBe('fail');
      expect(detailOf(report, id)).toMatch(/faster than a person could have read it/);
    }
    // Declining was right there, but not in 0 ms.
    expect(verdicts(report).decline).toBe('suspect');
    expect(detailOf(report, 'decline')).toMatch(/no person saw this form/);
  });

  it('[E-59] a number sent as a string fails that field', async () => {
    const { report } = await runHost({
      era,
      behaviour: except((id, answer) =>
        id === 'form-fields' ? { ...answer, content: { ...answer.content, count: '42' } } : answer,
      ),
    });
    expect(verdicts(report)['form-fields']).toBe('fail');
    expect(detailOf(report, 'form-fields')).toMatch(
      /`count` came back as "42", which is not a valid integer/,
    );
  });

  it('[E-12] option titles sent instead of values fail the choice checks', async () => {
    const titles: Record<string, Record<string, string | string[]>> = {
      'enum-titled': { room: 'Double room' },
      'enum-legacy': { place: 'Second' },
      'multi-select': { fruit: ['Apples', 'Cherries'] },
    };
    const { report } = await runHost({
      era,
      behaviour: except((id, answer) => (titles[id] ? { action: 'accept', content: titles[id] } : answer)),
    });
    for (const id of Object.keys(titles)) {
      expect(verdicts(report)[id], id).toBe('fail');
      expect(detailOf(report, id)).toMatch(/option title .* not its value/);
    }
    expect(verdicts(report)['enum-untitled']).toBe('pass');
  });

  it('[E-13] a host that drops defaults fails the defaults check, naming each field', async () => {
    const { report } = await runHost({
      era,
      behaviour: except((id, answer) =>
        id === 'form-defaults' ? { action: 'accept', content: { newsletter: true } } : answer,
      ),
    });
    expect(verdicts(report)['form-defaults']).toBe('fail');
    expect(detailOf(report, 'form-defaults')).toMatch(
      /`city` was not sent back: its default "Lisbon" was dropped \(E-13\)/,
    );
  });

  it('a person who typed something else is suspect, not a failure', async () => {
    const { report } = await runHost({
      era,
      behaviour: except((id, answer) =>
        id === 'form-fields' ? { ...answer, content: { ...answer.content, word: 'hullo' } } : answer,
      ),
    });
    expect(verdicts(report)['form-fields']).toBe('suspect');
  });

  it('[E-16] a declared URL mode whose link is accepted at once and never opened fails', async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 7));
    const { report } = await runHost({
      era,
      clock,
      checks: ['url'],
      behaviour: (params) => {
        // Nobody opens the page: the doctor's wait for it runs out.
        void clock.whenSleeping(120_000).then(() => clock.advance(120_000));
        return params.mode === 'url' ? { action: 'accept' } : { action: 'cancel' };
      },
    });
    expect(verdicts(report)).toEqual({ url: 'fail' });
    expect(detailOf(report, 'url')).toMatch(/nobody opened the page within 120 s: no person saw this link/);
  });

  it('[E-16] a person who consents but does not open the page is suspect', async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 7));
    const { report } = await runHost({
      era,
      clock,
      checks: ['url'],
      behaviour: () => {
        clock.advance(20_000);
        void clock.whenSleeping(120_000).then(() => clock.advance(120_000));
        return { action: 'accept' };
      },
    });
    expect(verdicts(report)).toEqual({ url: 'suspect' });
  });

  it('hostile host text in an answer is shown neutralized and short', async () => {
    const hostile = `\u001b[31m\u202Ehello${'x'.repeat(5000)}`;
    const { report, text } = await runHost({
      era,
      checks: ['form-fields'],
      behaviour: except((_id, answer) => ({ ...answer, content: { ...answer.content, word: hostile } })),
    });
    const detail = detailOf(report, 'form-fields');
    expect(detail).not.toMatch(/[\u001b\u202E]/);
    expect(detail.length).toBeLessThan(400);
    expect(text).not.toMatch(/[\u001b\u202E]/);
  });
});

// On 2026-07-28 the server holds nothing while the person answers (the round has ended): a host that gives up simply
// never retries, and there is nothing for the server to see. On a 2025 session the call is held, and its end is seen.
describe('a host that gives up on a 2025-11-25 session', () => {
  it('a host that ends the call while the person waits: the checks so far are saved, the wait is named', async () => {
    const stop = new AbortController();
    const saved: CheckupReport[] = [];
    const run = runHost({
      era: '2025-11-25',
      checks: ['form-fields', 'long-wait'],
      signal: stop.signal,
      server: { onReport: (report) => saved.push(structuredClone(report)) },
      behaviour: async (params, clock) => {
        if (!params.message.includes('a minute and a bit')) return followsInstructions(params, clock);
        clock.advance(60_000);
        stop.abort(); // as a host whose timeout is 60 s
        return new Promise<never>(() => {});
      },
    });
    await expect(run).rejects.toThrow();
    await expect.poll(() => saved.at(-1)?.checks.map((c) => c.id)).toEqual(['form-fields', 'long-wait']);
    const last = saved.at(-1)!;
    expect(last.complete).toBe(false);
    expect(detailOf(last, 'long-wait')).toMatch(/the call was cancelled 60 s after this was asked/);
  });
});

describe('-32042 on a 2025-11-25 session', () => {
  it('[E-21] a host that never makes the call again: the saved report says the -32042 went unanswered', async () => {
    const { report } = await runHost({
      era: '2025-11-25',
      checks: ['declared', 'url-required', 'tasks'],
      behaviour: () => ({ action: 'decline' }),
    });
    expect(report.complete).toBe(false);
    expect(verdicts(report)).toEqual({ declared: 'pass', 'url-required': 'suspect' });
    expect(detailOf(report, 'url-required')).toMatch(/the host has not made it again/);
  });
});
