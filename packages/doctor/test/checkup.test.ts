import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../src/index.js';
import { type Era, followsInstructions, runHost, verdicts } from './helpers/hosts.js';

const ERAS: Era[] = ['2025-11-25', '2026-07-28'];

describe.each(ERAS)('the checkup on %s', (era) => {
  it('[E-07] [E-13] [E-21] [E-59] a host whose person follows every instruction passes every check it declared', async () => {
    const { report, received } = await runHost({ era, behaviour: followsInstructions });
    expect(report.checks.map((c) => c.id)).toEqual(CHECK_IDS);
    const expected = Object.fromEntries(CHECK_IDS.map((id) => [id, 'pass']));
    expected.tasks = 'not-declared';
    if (era === '2025-11-25') expected['rounds-2026'] = 'not-declared';
    else expected['url-required'] = 'not-declared'; // -32042 is 2025-11-25's
    expect(verdicts(report)).toEqual(expected);
    expect(report).toMatchObject({
      complete: true,
      host: {
        name: 'scripted-host',
        version: '1.0.0',
        protocolVersion: era,
        declared: { form: true, url: true },
      },
    });
    // The URL check's link; on 2025-11-25 also the -32042's, after which the host made the call again.
    expect(received.filter((p) => p.mode === 'url')).toHaveLength(era === '2025-11-25' ? 2 : 1);
    // Each answer is timed once, in the round it came (a 2026-07-28 replay does not measure again).
    // On 2026-07-28 the first three forms share a round: the person answers them one after another.
    expect(report.checks.find((c) => c.id === 'form-fields')?.answeredInMs).toBe(
      era === '2025-11-25' ? 10_000 : 30_000,
    );
    expect(report.at).toBe('2026-12-07T00:00:00.000Z');
  });

  it('a form-only host gets not-declared on the URL check, and no URL request', async () => {
    const { report, received } = await runHost({
      era,
      behaviour: followsInstructions,
      capabilities: { elicitation: { form: {} } },
    });
    expect(verdicts(report).url).toBe('not-declared');
    expect(received.some((p) => p.mode === 'url')).toBe(false);
    expect(verdicts(report)['form-fields']).toBe('pass');
  });
});
