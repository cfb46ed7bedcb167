/**
 * @elicitkit/bridge: fronts any MCP server for hosts of every revision and carries elicitation across (2025 push ⇄
 * 2026 rounds ⇄ the Tasks extension's `input_required`), with elicitkit's host checks on what upstream asks.
 *
 * @module @elicitkit/bridge
 */
export {
  type Bridge,
  type BridgeOptions,
  createBridge,
  DEFAULT_HOLD_MS,
  DEFAULT_MAX_HELD_CALLS,
  DEFAULT_URL_RETRY_MS,
  type DownstreamCaller,
} from './bridge.js';
export { MIN_CALLER_TOKEN_BYTES, type TokenCaller, tokenCallers } from './callers.js';
export {
  type CheckpointStore,
  redisCheckpoints,
  type SavedCall,
  type SharedTasks,
  sharedTasks,
} from './checkpoints.js';
export { BridgeErrorCode, type BridgeErrorDetails } from './errors.js';
export { BRIDGE_IDENTITY, type UpstreamIdentity } from './identity.js';
export type { SharedRoundsOptions } from './round-router.js';
export {
  type ServeBridgeHttpOptions,
  type ServedBridge,
  serveBridgeHttp,
  serveBridgeStdio,
} from './serve.js';
export type { ListKind, Upstream } from './upstream.js';
