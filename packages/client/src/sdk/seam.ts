import type { ElicitAnswer } from '../pipeline/pipeline.js';
import type { RetryRound } from '../rounds/round-driver.js';
import type { TaskRequests } from '../tasks/task-driver.js';

/**
 * Drives a plain call's 2026-07-28 rounds: `first` is the `InputRequiredResult` the SDK got, `sendLeg` sends
 * the next leg (original params + `round`) on `signal`; resolves with the call's final result.
 */
export type DriveRounds = (
  first: unknown,
  sendLeg: (round: RetryRound, signal: AbortSignal) => Promise<unknown>,
  callSignal: AbortSignal | undefined,
) => Promise<unknown>;

/** Per-leg options a host passes to `callTool` (the SDK's own request options type). */
export type SdkRequestOptions = Record<string, unknown>;

/**
 * The host side of the one SDK seam: what the host needs from an MCP client, whichever SDK it comes from.
 * A v2 adapter (`@modelcontextprotocol/client`) and a v1 adapter (`@modelcontextprotocol/sdk`) implement it
 * side by side; nothing above this folder knows which SDK it talks to.
 */
export interface ClientSeam {
  readonly sdk: 'v1' | 'v2';
  /** The server's identity from `initialize` (or `server/discover`), as the SDK holds it. */
  serverInfo(): unknown;
  /** Whether the client has a transport already (capabilities can no longer be declared). */
  connected(): boolean;
  /** Adds to the capabilities the client declares (before connect). */
  declareCapabilities(capabilities: Record<string, unknown>): void;
  /**
   * 2025-11-25: answers every `elicitation/create` request with `answer` (which may throw a JSON-RPC
   * error); other methods go where they went before.
   */
  serveElicitation(answer: (params: unknown, signal: AbortSignal) => Promise<ElicitAnswer>): void;
  /** 2025-11-25: hands each `notifications/elicitation/complete` id to `listener`. */
  onElicitationComplete(listener: (elicitationId: string) => void): void;
  /** Tells `begin` when a `tools/call` of this client starts; `begin` returns what to call when it ends. */
  trackToolCalls(begin: () => () => void): void;
  /** 2026-07-28 (v2 only): a plain call's `InputRequiredResult` goes to `drive` instead of the SDK's driver. */
  serveInputRequired?(drive: DriveRounds): void;
  /** 2026-07-28 (v2 only): answers a sampling or roots input request with the handler the host registered; `undefined` when it has none. */
  otherInputRequest?(
    key: string,
    method: string,
    params: unknown,
    signal: AbortSignal,
  ): Promise<unknown> | undefined;
  /** A signal that fires when the connection closes. */
  closeSignal(): { signal: AbortSignal; dispose: () => void };
  /** Reports an error that has no caller to go to (the client's `onerror`). */
  reportError(error: Error): void;
  /**
   * Sends one `tools/call` leg: `params` + `round` (2026 retries), on `signal`, leaving an
   * `InputRequiredResult` to the caller. `declareTasks` (2026-07-28, v2 only): declares the Tasks extension in
   * this request's `_meta` (T-23) and returns a task handle as it came (`resultType: "task"`).
   */
  callTool(
    params: Record<string, unknown>,
    round: RetryRound | undefined,
    signal: AbortSignal,
    options?: SdkRequestOptions,
    declareTasks?: boolean,
  ): Promise<unknown>;
  /** Tasks extension: `tasks/get`, `tasks/update`, `tasks/cancel`; `undefined` off 2026-07-28 or on the v1 SDK. */
  taskRequests?(): TaskRequests | undefined;
}
