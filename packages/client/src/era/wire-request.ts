import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { ElicitAnswer, ElicitationPipeline } from '../pipeline/handle-request.js';

/**
 * The 2025-11-25 adapter: an `elicitation/create` request on the wire. A refused request is answered
 * -32602 with the pipeline's message, which names the offending spot (E-39, E-12).
 */
export async function answerWireRequest(
  pipeline: ElicitationPipeline,
  params: unknown,
  signal: AbortSignal,
): Promise<ElicitAnswer> {
  const outcome = await pipeline(params, signal, { era: '2025-11-25' });
  if (outcome.ok) return outcome.answer;
  const { message, issues } = outcome.problem;
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, message, issues && { issues });
}
