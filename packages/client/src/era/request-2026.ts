import { isJsonObject, PeerError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';
import type { ElicitationPipeline, PipelineOutcome } from '../pipeline/pipeline.js';

/**
 * Answers an embedded request other than elicitation (sampling, roots), or refuses it. The v2 adapter
 * hands it to the handler the host registered with its SDK, as the SDK's own driver would.
 */
export type OtherInputRequest = (
  key: string,
  method: string,
  params: unknown,
  signal: AbortSignal,
) => Promise<unknown> | undefined;

/** What a round gets back for one input request: the answer (an `ElicitResult`, or the other handler's result), and the URL opened on consent. */
export type InputRequestOutcome =
  | Extract<PipelineOutcome, { ok: true }>
  | { ok: true; answer: Record<string, unknown>; consentedUrl?: undefined };

/**
 * The 2026-07-28 adapter: one entry of an `InputRequiredResult`'s `inputRequests`, under `key`, through the
 * same pipeline as a 2025 request. A refused request is never shown; since an input request cannot be
 * answered with an error, the call fails with a `PeerError` instead (the host's `rejected`
 * event has fired already).
 */
export async function answerInputRequest(
  pipeline: ElicitationPipeline,
  key: string,
  entry: unknown,
  signal: AbortSignal,
  other?: OtherInputRequest,
): Promise<InputRequestOutcome> {
  const method = isJsonObject(entry) && typeof entry.method === 'string' ? entry.method : undefined;
  if (method !== 'elicitation/create') {
    const answered =
      method === undefined ? undefined : other?.(key, method, (entry as { params?: unknown }).params, signal);
    if (answered) return { ok: true, answer: (await answered) as Record<string, unknown> };
    throw new PeerError(
      ClientErrorCode.UnsupportedInputRequest,
      `inputRequests[${JSON.stringify(key)}]: ${method === undefined ? 'not an embedded request' : `${JSON.stringify(method.slice(0, 60))} is not served by this host (only elicitation/create, and methods with a handler registered on the SDK client)`}`,
      { details: { inputRequestKey: key } },
    );
  }
  const outcome = await pipeline((entry as { params?: unknown }).params, signal, { kind: 'input', key });
  if (outcome.ok) return outcome;
  throw refusal(outcome.problem, key);
}

/** A refused 2026 input request as the typed error the call fails with. */
export function refusal(problem: Extract<PipelineOutcome, { ok: false }>['problem'], key: string): PeerError {
  const { message, issues, blockReason } = problem;
  return new PeerError(
    blockReason ? ClientErrorCode.UrlBlocked : ClientErrorCode.InvalidInputRequest,
    message,
    {
      details: { inputRequestKey: key, ...(issues && { issues }) },
    },
  );
}
