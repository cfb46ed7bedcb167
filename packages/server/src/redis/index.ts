/**
 * @elicitkit/server/redis: URL-mode state on Redis for several server instances (scale-out). A subpath of its
 * own so that servers without Redis never load ioredis.
 *
 * @module @elicitkit/server/redis
 */

export { RedisTaskStore, type RedisTaskStoreOptions } from '../tasks/stores/redis.js';
export { RedisErrorCode, type RedisErrorDetails } from './errors.js';
export type { KeyLayout } from './keys.js';
export { RedisElicitationStore, type RedisElicitationStoreOptions } from './store.js';
