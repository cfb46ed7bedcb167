import type { ServerContext } from '@modelcontextprotocol/server';
import { PROTOCOL_VERSION_META_KEY, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { ElicitationUnsupportedError, UnsupportedProtocolEraError } from '../errors.js';

/**
 * What the client declared, read from the handler context alone.
 *
 * The SDK keeps the client's capabilities on the `Server` instance, which a tool handler does not see.
 * `ctx.mcpReq.elicitInput` does see them: it checks the protocol era, then the declared mode, and only then
 * sends. Called with an already-aborted signal it stops right before sending (no message id taken, nothing
 * on the wire) and rejects with our marker; an undeclared mode or a 2026-era connection rejects with the
 * SDK's typed error instead. The test "reads capabilities without sending" pins this against the SDK.
 */

export type ElicitationMode = 'form' | 'url';

/** Whether an elicitation of `mode` can be sent now, and if not, why. */
export type ElicitationAvailability = 'available' | 'mode-not-declared' | 'unsupported-era';

const PROBE_MARKER = 'elicitkit: capability probe, nothing sent';
const PROBE_SIGNAL = AbortSignal.abort(new SdkError(SdkErrorCode.RequestTimeout, PROBE_MARKER));

const PROBE_PARAMS = {
  form: { mode: 'form', message: '', requestedSchema: { type: 'object', properties: {} } },
  url: { mode: 'url', message: '', url: 'https://example.invalid/', elicitationId: 'probe' },
} as const;

export async function elicitationAvailability(
  ctx: ServerContext,
  mode: ElicitationMode,
): Promise<ElicitationAvailability> {
  try {
    await ctx.mcpReq.elicitInput(PROBE_PARAMS[mode], { signal: PROBE_SIGNAL });
  } catch (error) {
    if (error instanceof Error && error.message === PROBE_MARKER) return 'available';
    if (error instanceof SdkError && error.code === SdkErrorCode.CapabilityNotSupported)
      return 'mode-not-declared';
    if (error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
      return 'unsupported-era';
    }
    throw error;
  }
  // Unreachable with the SDK this package pins; if a future SDK sent anyway, the client answered.
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
