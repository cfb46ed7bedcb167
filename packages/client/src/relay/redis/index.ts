/**
 * @elicitkit/client/relay/redis: the relay's questions and calls in Redis, shared by every instance of the agent: a
 * question raised on one is answered through a page served by another. A subpath of its own so that relays without
 * it never load ioredis.
 *
 * @module @elicitkit/client/relay/redis
 */

export { type RedisRelayStore, type RedisRelayStoreOptions, redisRelayStore } from './redis-store.js';
