import { isJsonObject, PeerError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';
import type { ElicitAnswer, ElicitationPipeline, PipelineOutcome } from '../pipeline/handle-request.js';

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
): Promise<Extract<PipelineOutcome, { ok: true }>> {
  if (!isJsonObject(entry) || entry.method !== 'elicitation/create') {
    const method = isJsonObject(entry) && typeof entry.method === 'string' ? entry.method : undefined;
    throw new PeerError(
      ClientErrorCode.UnsupportedInputRequest,
      `inputRequests[${JSON.stringify(key)}]: ${method === undefined ? 'not an embedded request' : `${JSON.stringify(method.slice(0, 60))} is not served by this host (only elicitation/create)`}`,
      { details: { inputRequestKey: key } },
    );
  }
  const outcome = await pipeline(entry.params, signal, { era: '2026-07-28', key });
  if (outcome.ok) return outcome;
  const { message, issues, blockReason } = outcome.problem;
  throw new PeerError(
    blockReason ? ClientErrorCode.UrlBlocked : ClientErrorCode.InvalidInputRequest,
    message,
    {
      details: { inputRequestKey: key, ...(issues && { issues }) },
    },
  );
}

/** The handler shape the SDK's multi round-trip driver looks up (`_getRequestHandler`). */
export type SdkInputRequestHandler = (
  request: { id?: unknown; params?: unknown; method: string },
  context: { mcpReq: { id?: unknown; signal: AbortSignal } },
) => Promise<ElicitAnswer>;

/** What a plain `client.callTool` needs on 2026: the SDK's driver hands us each input request in turn. */
export function sdkInputRequestHandler(pipeline: ElicitationPipeline): SdkInputRequestHandler {
  return async (request, context) => {
    // The driver's synthesized request carries the input-request key as its id.
    const key = String(context.mcpReq.id ?? request.id ?? '');
    const { answer } = await answerInputRequest(pipeline, key, request, context.mcpReq.signal);
    return answer;
  };
}
