import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { assertCanElicit, canElicit, elicitationAvailability } from '../src/delivery/capabilities.js';
import { describeError, inMemoryHarness } from './helpers/harness.js';

async function availability(capabilities: ClientCapabilities) {
  const harness = await inMemoryHarness({
    capabilities,
    tools: {
      probe: async (ctx) => ({
        form: await canElicit(ctx, 'form'),
        url: await canElicit(ctx, 'url'),
        formGate: await assertCanElicit(ctx, 'form').then(() => 'ok', describeError),
        urlGate: await assertCanElicit(ctx, 'url').then(() => 'ok', describeError),
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

describe('[E-09] capability gate', () => {
  it('[E-07] reads capabilities without sending: elicitation {} means form only', async () => {
    const result = await availability({ elicitation: {} });
    expect(result).toMatchObject({ form: true, url: false, formGate: 'ok' });
    expect(result.urlGate).toMatchObject({
      name: 'ElicitationUnsupportedError',
      code: 'elicitation-unsupported',
    });
  });

  it('[E-09] url only: form is refused with a typed error and guidance, nothing sent', async () => {
    const result = await availability({ elicitation: { url: {} } });
    expect(result).toMatchObject({ form: false, url: true, urlGate: 'ok' });
    expect(result.formGate).toMatchObject({ code: 'elicitation-unsupported' });
    expect((result.formGate as { message: string }).message).toMatch(/canElicit\(ctx, mode\)/);
  });

  it('[E-09] no elicitation capability: neither mode', async () => {
    const result = await availability({});
    expect(result).toMatchObject({ form: false, url: false });
  });

  it('[E-09] both modes declared', async () => {
    const result = await availability({ elicitation: { form: {}, url: {} } });
    expect(result).toMatchObject({ form: true, url: true, formGate: 'ok', urlGate: 'ok' });
  });

  it('reports availability as a reason', async () => {
    const harness = await inMemoryHarness({
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
