import { UsageError } from '@elicitkit/core';
import { Redis } from 'ioredis';
import { LuaScript } from '../../redis/scripts.js';
import { UrlErrorCode } from '../../url/errors.js';
import type { StoredTask, TaskRecord } from '../record.js';
import type { TaskStore } from '../store.js';

/** Options of {@link RedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /**
   * A `redis://` or `rediss://` URL (the store opens and closes its connection), or an ioredis client you own
   * (used as is, never closed). Redis Cluster is not supported.
   */
  redis: string | Redis;
  /** Put before every key, so several apps share one Redis. Default `elicitkit:`. */
  keyPrefix?: string;
  /** How long Redis keeps a record after it expired, in ms, before deleting it. Default 1 hour. */
  retainExpiredMs?: number;
  /** For a connection the store opens from a URL: how long one command may take, in ms. Default 3 s. */
  commandTimeoutMs?: number;
}

/**
 * KEYS: record, the principal's index. ARGV: now, max, id, expiresAt, keep-until, JSON. Returns 1 when created,
 * 0 when the principal holds `max` unexpired tasks (nothing written).
 */
const CREATE = new LuaScript(
  2,
  `redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[6])
redis.call('PEXPIREAT', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
if redis.call('PEXPIRETIME', KEYS[2]) < tonumber(ARGV[5]) then redis.call('PEXPIREAT', KEYS[2], ARGV[5]) end
return 1`,
);

/** KEYS: record. ARGV: expected version, JSON, keep-until. Returns 1 when replaced, 0 when the version moved. */
const REPLACE = new LuaScript(
  1,
  `local v = redis.call('HGET', KEYS[1], 'v')
if not v or tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 'd', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`,
);

/**
 * Task records on Redis, for several server instances: a task asked on instance A is answered on B, and a task
 * whose instance died is taken over by the next instance that serves a request for it (its lease lapsed). One
 * hash per task (`{prefix}task:{id}`: version and JSON), a sorted set per principal for the per-principal bound;
 * every write is one Lua script (compare-and-set on the version), so instances never overwrite each other.
 * Redis deletes records on its own, `retainExpiredMs` after they expire.
 */
export class RedisTaskStore implements TaskStore {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #retainMs: number;

  constructor(options: RedisTaskStoreOptions) {
    this.#prefix = options.keyPrefix ?? 'elicitkit:';
    if (typeof this.#prefix !== 'string' || this.#prefix.length === 0 || this.#prefix.length > 200) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'RedisTaskStore: keyPrefix must be 1 to 200 characters',
      );
    }
    this.#retainMs = options.retainExpiredMs ?? 60 * 60 * 1000;
    if (typeof options.redis === 'string') {
      if (!/^rediss?:\/\//.test(options.redis)) {
        throw new UsageError(
          UrlErrorCode.InvalidConfig,
          'RedisTaskStore: redis must be a redis:// or rediss:// URL',
        );
      }
      this.#redis = new Redis(options.redis, {
        commandTimeout: options.commandTimeoutMs ?? 3000,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(50 * 2 ** times, 1000),
      });
      this.#redis.on('error', () => {
        // Failures surface on the commands that hit them; the connection retries by itself.
      });
      this.#owned = true;
    } else if (options.redis instanceof Redis) {
      this.#redis = options.redis;
      this.#owned = false;
    } else {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'RedisTaskStore: redis must be a URL or an ioredis client',
      );
    }
  }

  #key(id: string): string {
    return `${this.#prefix}task:${id}`;
  }

  async create(
    record: TaskRecord,
    limits: { maxPerPrincipal: number; now: number },
  ): Promise<'created' | 'limit'> {
    const created = await CREATE.run(
      this.#redis,
      [this.#key(record.id), `${this.#prefix}tasks-of:${record.principal}`],
      [
        limits.now,
        limits.maxPerPrincipal,
        record.id,
        record.expiresAt,
        record.expiresAt + this.#retainMs,
        JSON.stringify(record),
      ],
    );
    return created === 1 ? 'created' : 'limit';
  }

  async get(id: string): Promise<StoredTask | undefined> {
    const [version, json] = await this.#redis.hmget(this.#key(id), 'v', 'd');
    if (version == null || json == null) return undefined;
    return { record: JSON.parse(json) as TaskRecord, version: Number(version) };
  }

  async replace(id: string, version: number, record: TaskRecord): Promise<boolean> {
    const replaced = await REPLACE.run(
      this.#redis,
      [this.#key(id)],
      [version, JSON.stringify(record), record.expiresAt + this.#retainMs],
    );
    return replaced === 1;
  }

  /** Redis deletes expired records itself (key expiry); nothing to do here. */
  async purge(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    if (this.#owned) await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
