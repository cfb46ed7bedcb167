import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { assertCanElicit, canElicit, elicitationAvailability } from '../src/delivery/capabilities.js';
import { describeError, ERAS, type Era, inMemoryHarness } from './helpers/harness.js';

function gate(check: () => void): unknown {
  try {
    check();
    return 'ok';
  } catch (error) {
    return describeError(error);
  }
}

async function availability(era: Era, capabilities: ClientCapabilities) {
  const harness = await inMemoryHarness({
    era,
    capabilities,
    tools: {
      probe: async (ctx) => ({
        form: canElicit(ctx, 'form'),
        url: canElicit(ctx, 'url'),
        formGate: gate(() => assertCanElicit(ctx, 'form')),
        urlGate: gate(() => assertCanElicit(ctx, 'url')),
      }),
    },
  });
  try {
    const before = harness.sent.length;
    const result = await harness.call('probe');
    // Only the tools/call response went out: the probes put nothing on the wire.
    expect(harness.sent.slice(before)).toHaveLength(1);
    expect(harness.sent.at(-1)).toHaveProperty('result');
    expect(harness.received).toEqual([]);
    return result as { form: boolean; url: boolean; formGate: unknown; urlGate: unknown };
  } finally {
    await harness.close();
  }
}

describe.each(ERAS)('[E-09] [M-04] capability gate, %s', (era) => {
  it('[E-07] [M-16] reads capabilities without sending: elicitation {} means form only', async () => {
    const result = await availability(era, { elicitation: {} });
    expect(result).toMatchObject({ form: true, url: false, formGate: 'ok' });
    expect(result.urlGate).toMatchObject({
      name: 'PeerError',
      code: 'mode-not-declared',
    });
  });

  it('[E-09] url only: form is refused with a typed error in plain words, the hint in details, nothing sent', async () => {
    const result = await availability(era, { elicitation: { url: {} } });
    expect(result).toMatchObject({ form: false, url: true, urlGate: 'ok' });
    const gate = result.formGate as { code: string; message: string; details: { hint: string } };
    expect(gate.code).toBe('mode-not-declared');
    // What the host and the agent read says what happened; the author's hint is for the log and details.
    expect(gate.message).toBe('This tool needs a form, and this client cannot show one.');
    expect(gate.details.hint).toMatch(/canElicit\(ctx, mode\)/);
  });

  it('[E-09] no elicitation capability: neither mode', async () => {
    const result = await availability(era, {});
    expect(result).toMatchObject({ form: false, url: false });
  });

  it('[E-09] both modes declared', async () => {
    const result = await availability(era, { elicitation: { form: {}, url: {} } });
    expect(result).toMatchObject({ form: true, url: true, formGate: 'ok', urlGate: 'ok' });
  });

  it('reports availability as a reason', async () => {
    const harness = await inMemoryHarness({
      era,
      capabilities: { elicitation: { url: {} } },
      tools: { why: async (ctx) => elicitationAvailability(ctx, 'form') },
    });
    try {
      expect(await harness.call('why')).toBe('mode-not-declared');
    } finally {
      await harness.close();
    }
  });
});
