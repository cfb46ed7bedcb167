import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ServerContext,
} from '@modelcontextprotocol/server';
import { PROTOCOL_VERSION_META_KEY, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { ElicitationUnsupportedError, UnsupportedProtocolEraError } from '../errors.js';

/**
 * What the client declared, read from the handler context alone.
 *
 * The SDK keeps the client's capabilities on the `Server` instance, which a tool handler does not see.
 * `ctx.mcpReq.elicitInput` does see them: it checks the protocol era, then the declared mode (reading
 * `params.mode`), and then hands the params to its sender, which reads `mode` again and sends only for
 * "form" or "url". The probe's `mode` answers the mode to check on the first read and nothing the sender
 * knows on the second, so `elicitInput` resolves without touching the wire when the mode is declared and
 * rejects with the SDK's typed error when it is not (or on a 2026-era connection). An already-aborted
 * signal backs this up: should a future SDK reach its request path anyway, it stops before sending.
 * The test "reads capabilities without sending" pins all of this against the installed SDK.
 */

export type ElicitationMode = 'form' | 'url';

/** Whether an elicitation of `mode` can be sent now, and if not, why. */
export type ElicitationAvailability = 'available' | 'mode-not-declared' | 'unsupported-era';

const PROBE_MARKER = 'elicitkit: capability probe, nothing sent';
const PROBE_SIGNAL = AbortSignal.abort(new SdkError(SdkErrorCode.RequestTimeout, PROBE_MARKER));
const NOT_A_MODE = 'elicitkit-capability-probe';

function probeParams(mode: ElicitationMode): ElicitRequestFormParams | ElicitRequestURLParams {
  let reads = 0;
  const params = {
    get mode() {
      return reads++ === 0 ? mode : NOT_A_MODE;
    },
    message: '',
    requestedSchema: { type: 'object', properties: {} },
    url: 'https://example.invalid/',
    elicitationId: 'probe',
  };
  return params as unknown as ElicitRequestFormParams | ElicitRequestURLParams;
}

export async function elicitationAvailability(
  ctx: ServerContext,
  mode: ElicitationMode,
): Promise<ElicitationAvailability> {
  try {
    await ctx.mcpReq.elicitInput(probeParams(mode), { signal: PROBE_SIGNAL });
  } catch (error) {
    if (error instanceof Error && error.message === PROBE_MARKER) return 'available';
    if (error instanceof SdkError && error.code === SdkErrorCode.CapabilityNotSupported)
      return 'mode-not-declared';
    if (error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
      return 'unsupported-era';
    }
    throw error;
  }
  return 'available';
}

/** Whether the client declared elicitation `mode` (E-07; `elicitation: {}` means form) on a 2025-11-25 connection. */
export async function canElicit(ctx: ServerContext, mode: ElicitationMode): Promise<boolean> {
  return (await elicitationAvailability(ctx, mode)) === 'available';
}

/**
 * E-09: refuses before anything is sent when the client did not declare `mode`, with
 * {@link ElicitationUnsupportedError} (or {@link UnsupportedProtocolEraError} on a 2026-era connection).
 * URL elicitations and -32042 errors run the same gate.
 */
export async function assertCanElicit(ctx: ServerContext, mode: ElicitationMode): Promise<void> {
  const availability = await elicitationAvailability(ctx, mode);
  if (availability === 'mode-not-declared') throw new ElicitationUnsupportedError(mode);
  if (availability === 'unsupported-era') throw new UnsupportedProtocolEraError(protocolRevision(ctx));
}

function protocolRevision(ctx: ServerContext): string | undefined {
  const revision = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
  return typeof revision === 'string' ? revision : undefined;
}
