import { expect } from 'vitest';
import type { AnswerCase, Ending } from './corpus.js';

/** The JSON-RPC result of the tool, as the handler reported it (an outcome, or `{ error }`). */
export interface Reported {
  action?: string;
  data?: unknown;
  error?: { code: string; details?: { issues?: Array<{ code: string }> } };
  started?: Record<string, unknown>;
  status?: string;
  stored?: string;
}

/** Holds what the tool reported to a case's ending; shared by both eras' drivers. */
export function expectEnding(mode: AnswerCase['mode'], reported: Reported, ending: Ending): void {
  if ('error' in ending) {
    expect(reported.error?.code).toBe(ending.error);
    if ('issue' in ending)
      expect(reported.error?.details?.issues?.map((i) => i.code)).toContain(ending.issue);
  } else if (mode === 'url') {
    // `ignored`: the sentinel cancel ended it, exactly as a refusal.
    const expected =
      'url' in ending && ending.url === 'pending' ? 'accept' : 'action' in ending ? ending.action : 'cancel';
    expect(reported.error).toBeUndefined();
    // The tool sees consent and the URL it sent, never content (functions do not survive the JSON report).
    expect(Object.keys(reported.started ?? {}).sort()).toEqual(['action', 'elicitationId', 'url']);
    expect(reported.started?.action).toBe(expected);
    // E-16: consent leaves the flow pending (only the page completes it); a refusal withdraws the URL.
    expect(reported.status).toBe(expected === 'accept' ? 'pending' : 'expired');
    expect(reported.stored).not.toMatch(/sk-live|polluted|forged/);
  } else if ('ignored' in ending) {
    expect(reported).toEqual({ action: 'cancel' });
  } else if ('outcome' in ending) {
    expect(reported).toEqual(ending.outcome);
  } else {
    throw new Error(`a form case cannot end in ${JSON.stringify(ending)}`);
  }
}
