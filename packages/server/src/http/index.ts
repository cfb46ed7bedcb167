/**
 * @elicitkit/server/http: serve MCP over Streamable HTTP on Node (hono's node server), both protocol eras on one
 * endpoint, with session and body limits; `listen` serves any fetch handler. Node-only, unlike the root entry.
 *
 * @module @elicitkit/server/http
 */

export { behindProxy, type PublicOriginOptions } from '@elicitkit/core';
export { loadOrCreateStateKeyFile } from '../state/state-key-file.js';
export { DEFAULT_MCP_MAX_BODY_BYTES } from './body-limit.js';
export { type Listening, type ListenOptions, listen, type NodeFetch } from './listen.js';
export {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  type McpSessionLimits,
} from './session-pool.js';
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpOptions,
  type McpSessionContext,
  type ServedMcpHttp,
  type ServeMcpHttpOptions,
  type ServerFactory,
  serveMcpHttp,
} from './streamable-http.js';
