import type { ElicitAnswer, ElicitationPipeline } from '../pipeline/pipeline.js';

/** JSON-RPC "Invalid params". */
const INVALID_PARAMS = -32602;

/**
 * A JSON-RPC error for the SDK to send back. Both SDKs answer a handler's error with its numeric `code`,
 * `message` and `data`, so one shape serves the v1 and v2 adapters alike.
 */
export class JsonRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'JsonRpcError';
    this.code = code;
    this.data = data;
  }
}

/**
 * The 2025-11-25 adapter: an `elicitation/create` request on the wire. A refused request is answered
 * -32602 with the pipeline's message, which names the offending spot (E-39, E-12).
 */
export async function answerRequest2025(
  pipeline: ElicitationPipeline,
  params: unknown,
  signal: AbortSignal,
): Promise<ElicitAnswer> {
  const outcome = await pipeline(params, signal, { kind: 'pushed' });
  if (outcome.ok) return outcome.answer;
  const { message, issues } = outcome.problem;
  throw new JsonRpcError(INVALID_PARAMS, message, issues && { issues });
}
