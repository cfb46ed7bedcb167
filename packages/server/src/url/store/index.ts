/**
 * @elicitkit/server/store: where URL-mode state lives. The `ElicitationStore` contract (records bound to a user and a
 * client, completed once, completion events to every instance, encrypted vault records) and `MemoryElicitationStore`
 * for tests and one-process development. Durable stores implement the same contract: `@elicitkit/server/sqlite` (one
 * instance) and `@elicitkit/server/redis` (several). Loads nothing beyond `@elicitkit/core`.
 *
 * @module @elicitkit/server/store
 */
export { MemoryElicitationStore } from './memory.js';
export type {
  ClientBinding,
  CompleteOutcome,
  CompletionEvent,
  CompletionListener,
  ElicitationRecord,
  ElicitationStatus,
  ElicitationStore,
  VaultRecord,
} from './types.js';
