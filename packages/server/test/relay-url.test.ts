import { describe, expect, it } from 'vitest';
import { relayUrlElicitation } from '../src/index.js';
import { inMemoryHarness } from './helpers/harness.js';

const URL_CAPABLE = { elicitation: { url: {} } };
const relayed = { message: 'Link your account', url: 'https://accounts.example.com/link/1' };

describe('relayUrlElicitation: a URL another server asked for, handed on', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`[E-16] ${era}: asks consent for the URL as it is and returns the decision`, async () => {
      const h = await inMemoryHarness({
        era,
        capabilities: URL_CAPABLE,
        tools: { link: async (ctx) => relayUrlElicitation(ctx, { ...relayed, key: 'link' }) },
        answer: () => ({ action: 'accept' }),
      });
      const answer = (await h.call('link')) as { action: string; elicitationId?: string };
      expect(answer.action).toBe('accept');
      expect(h.received).toEqual([expect.objectContaining({ mode: 'url', ...relayed })]);
      // 2025 gets an id of its own (for the completion notice); 2026-07-28 has none (M-17).
      if (era === '2025-11-25') expect(h.received[0]).toMatchObject({ elicitationId: answer.elicitationId });
      else expect(h.received[0]).not.toHaveProperty('elicitationId');
      await h.close();
    });

    it(`[E-48] ${era}: a URL no elicitkit host would open is refused before anything is sent`, async () => {
      const h = await inMemoryHarness({
        era,
        capabilities: URL_CAPABLE,
        tools: {
          link: async (ctx) =>
            relayUrlElicitation(ctx, { message: 'Go', url: 'http://accounts.example.com/link' }).catch(
              (error: { code?: string }) => error.code,
            ),
        },
      });
      expect(await h.call('link')).toBe('invalid-elicitation');
      expect(h.received).toEqual([]);
      await h.close();
    });

    it(`[M-04] ${era}: a client without URL mode is not asked`, async () => {
      const h = await inMemoryHarness({
        era,
        capabilities: { elicitation: { form: {} } },
        tools: {
          link: async (ctx) =>
            relayUrlElicitation(ctx, relayed).catch((error: { code?: string }) => error.code),
        },
      });
      expect(await h.call('link')).toBe('mode-not-declared');
      expect(h.received).toEqual([]);
      await h.close();
    });
  }
});
