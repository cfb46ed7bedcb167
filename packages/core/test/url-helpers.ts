import type { AllowedUrlAnalysis, BlockedUrlAnalysis, UrlAnalysis } from '@elicitkit/core';
import { expect } from 'vitest';

/** The verdict, asserted to be a refusal, for reading its reason and message. */
export function blocked(analysis: UrlAnalysis): BlockedUrlAnalysis {
  expect(analysis.allowed).toBe(false);
  if (analysis.allowed) throw new Error(`expected a refusal, got ${analysis.href}`);
  return analysis;
}

/** The verdict, asserted to allow the URL, for reading its href. */
export function allowed(analysis: UrlAnalysis): AllowedUrlAnalysis {
  if (!analysis.allowed) throw new Error(`expected the URL to be allowed: ${analysis.blockMessage}`);
  return analysis;
}
