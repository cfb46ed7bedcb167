import { isJsonObject } from '@elicitkit/core';
import type { RequestOrigin } from '../pipeline/parse-request.js';

/** The era of a negotiated revision, for a client: 2026-07-28 or later speaks multi round-trip requests. */
export function eraOfRevision(revision: string | undefined): '2025-11-25' | '2026-07-28' {
  return revision !== undefined && revision >= '2026-07-28' ? '2026-07-28' : '2025-11-25';
}

/**
 * How a request handed to `createElicitationHandler` reached the host (another client decides the era; it says which
 * by `inputRequestKey`): an input request of a 2026 call under that key, unless it names an `elicitationId` (a 2025
 * request, whatever the caller passed along).
 */
export function originOf(params: unknown, inputRequestKey: string | undefined): RequestOrigin {
  const pushed =
    inputRequestKey === undefined || (isJsonObject(params) && typeof params.elicitationId === 'string');
  return pushed ? { kind: 'pushed' } : { kind: 'input', key: inputRequestKey };
}
