import { integerOption, isElicitkitError, PeerError, UsageError } from '@elicitkit/core';
import { Redis } from 'ioredis';
import { UrlErrorCode } from '../url/errors.js';
import { stderrLogger, type UrlElicitationLogger } from '../url/log.js';
import type {
  CompleteOutcome,
  CompletionListener,
  ElicitationRecord,
  ElicitationStore,
  VaultRecord,
} from '../url/store/types.js';
import { decodeVaultEntry, encodeVaultEntry, pairs, recordFields, toRecord } from './codec.js';
import { CompletionFeed } from './completion-feed.js';
import { isRedisStoreError, RedisErrorCode } from './errors.js';
import { type KeyLayout, keyLayout } from './keys.js';
import { CLAIM_NOTICE, CLAIM_VAULT_LEASE, COMPLETE, CREATE, EXPIRE, RELEASE_VAULT_LEASE } from './scripts.js';

/** Options of {@link RedisElicitationStore}: the connection, the key prefix, and timeouts. */
export interface RedisElicitationStoreOptions {
  /**
   * A `redis://` or `rediss://` URL: the store opens and closes its own connections, tuned to fail fast
   * (`commandTimeoutMs`) and reconnect quickly. Or an ioredis client you own: the store uses it as it is
   * (its timeouts and retries apply) and never closes it. Either way the store opens one more connection of
   * its own (`duplicate()`) for the completion stream. Redis Cluster is not supported.
   */
  redis: string | Redis;
  /** Put before every key, so several apps share one Redis. Default `elicitkit:`. */
  keyPrefix?: string;
  /**
   * How long a record stays readable after its `expiresAt`, so an old link shows "expired" rather than "not
   * found"; then Redis deletes it. Default 24 hours.
   */
  retainExpiredMs?: number;
  /** Entries kept in the completion stream, roughly: how far an instance that lost Redis can catch up. Default 10,000. */
  completionStreamLength?: number;
  /** For connections the store opens from a URL: how long one command may take before it fails. Default 3 s. */
  commandTimeoutMs?: number;
  logger?: UrlElicitationLogger;
}

const DEFAULT_PREFIX = 'elicitkit:';
const DEFAULT_RETAIN_EXPIRED_MS = 24 * 60 * 60 * 1000;
const DEFAULT_STREAM_LENGTH = 10_000;
const DEFAULT_COMMAND_TIMEOUT_MS = 3000;
const READ_BLOCK_MS = 5000;
const PURGE_BATCH = 512;

/** CLIENT SETNAME takes no spaces: a name that shows the prefix in `CLIENT LIST`, whatever the prefix holds. */
const connectionName = (prefix: string, role: string) => `${prefix.replace(/[^\w:.-]/g, '_')}${role}`;

function positiveInteger(value: number, name: string): number {
  return integerOption(
    name,
    value,
    { min: 1 },
    { code: UrlErrorCode.InvalidConfig, where: 'RedisElicitationStore' },
  );
}

/** Where the store's Redis is, for messages: host and port (or socket), never the URL's password. */
function describeServer(redis: Redis): string {
  const { host, port, path, sentinels, name } = redis.options;
  if (sentinels?.length) return `sentinel group ${name ?? ''}`.trim();
  if (path) return `unix:${path}`;
  return `${host}:${port}`;
}

/**
 * `ElicitationStore` on Redis (ioredis), for several server instances behind a load balancer: records, vault
 * entries and completion events are shared, so a browser finishing a flow on instance B completes it for the
 * client connected to instance A, and a -32042 retry landing on any instance sees the same state.
 *
 * ```ts
 * import { RedisElicitationStore } from '@elicitkit/server/redis';
 * const store = new RedisElicitationStore({ redis: process.env.REDIS_URL!, keyPrefix: 'myapp:' });
 * ```
 */
export class RedisElicitationStore implements ElicitationStore {
  readonly keys: KeyLayout;
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #server: string;
  readonly #retainExpiredMs: number;
  readonly #streamLength: number;
  readonly #logger: UrlElicitationLogger;
  #reader: Redis | undefined;
  #feed: CompletionFeed | undefined;
  #down = false;
  #closed = false;
  readonly #onConnectionError = (error: Error) => this.#noteDown(error);
  readonly #onReady = () => this.#noteUp();

  constructor(options: RedisElicitationStoreOptions) {
    this.keys = keyLayout(options.keyPrefix ?? DEFAULT_PREFIX);
    this.#retainExpiredMs = positiveInteger(
      options.retainExpiredMs ?? DEFAULT_RETAIN_EXPIRED_MS,
      'retainExpiredMs',
    );
    this.#streamLength = positiveInteger(
      options.completionStreamLength ?? DEFAULT_STREAM_LENGTH,
      'completionStreamLength',
    );
    this.#logger = options.logger ?? stderrLogger;
    if (typeof options.redis === 'string') {
      const commandTimeout = positiveInteger(
        options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
        'commandTimeoutMs',
      );
      if (!/^rediss?:\/\//.test(options.redis)) {
        throw new UsageError(
          UrlErrorCode.InvalidConfig,
          'RedisElicitationStore: redis must be a redis:// or rediss:// URL',
        );
      }
      this.#redis = new Redis(options.redis, {
        commandTimeout,
        // Commands wait through one reconnect attempt, then fail with a clear error instead of piling up.
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(50 * 2 ** times, 1000),
        connectionName: connectionName(this.keys.prefix, 'store'),
      });
      this.#owned = true;
    } else if (options.redis instanceof Redis) {
      this.#redis = options.redis;
      this.#owned = false;
    } else {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'RedisElicitationStore: redis must be a URL or an ioredis Redis client',
      );
    }
    this.#server = describeServer(this.#redis);
    this.#redis.on('error', this.#onConnectionError);
    this.#redis.on('ready', this.#onReady);
  }

  async create(record: ElicitationRecord): Promise<void> {
    // The Redis TTL counts from now: the record's lifetime, then the retention window for "expired" pages.
    const ttl = Math.max(0, record.expiresAt - record.createdAt) + this.#retainExpiredMs;
    const created = await this.#run('create', () =>
      CREATE.run(
        this.#redis,
        [this.keys.record(record.id), this.keys.expiry],
        [ttl, record.id, record.expiresAt, record.createdAt - this.#retainExpiredMs, ...recordFields(record)],
      ),
    );
    if (created !== 1)
      throw new PeerError(UrlErrorCode.StoreConflict, 'an elicitation with this id already exists');
  }

  async get(id: string): Promise<ElicitationRecord | undefined> {
    const key = this.keys.record(id);
    const hash = await this.#run('get', () => this.#redis.hgetall(key));
    return Object.keys(hash).length === 0 ? undefined : toRecord(hash, key);
  }

  async complete(id: string, now: number): Promise<CompleteOutcome> {
    const key = this.keys.record(id);
    const reply = (await this.#run('complete', () =>
      COMPLETE.run(this.#redis, [key, this.keys.completions], [now, this.#streamLength]),
    )) as [string, string[]?];
    const [outcome, fields] = reply;
    if (outcome === 'ok' && fields) return { ok: true, record: toRecord(pairs(fields), key) };
    if (outcome === 'unknown' || outcome === 'already-completed' || outcome === 'expired') {
      return { ok: false, reason: outcome };
    }
    throw new PeerError(
      RedisErrorCode.StoreFailed,
      `RedisElicitationStore: unexpected reply to complete at ${key}`,
    );
  }

  async expire(id: string): Promise<boolean> {
    return (await this.#run('expire', () => EXPIRE.run(this.#redis, [this.keys.record(id)], []))) === 1;
  }

  async purge(before: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = await this.#run('purge', () =>
        this.#redis.zrangebyscore(this.keys.expiry, '-inf', `(${before}`, 'LIMIT', 0, PURGE_BATCH),
      );
      if (ids.length === 0) return deleted;
      const results = await this.#run('purge', () =>
        this.#redis
          .pipeline()
          .del(...ids.map((id) => this.keys.record(id)))
          .zrem(this.keys.expiry, ...ids)
          .exec(),
      );
      const [delError, count] = results?.[0] ?? [];
      if (delError) throw this.#wrap('purge', delError);
      // Index entries whose record Redis already expired are dropped without being counted.
      deleted += Number(count ?? 0);
    }
  }

  async claimNotice(id: string): Promise<boolean> {
    return (
      (await this.#run('claimNotice', () => CLAIM_NOTICE.run(this.#redis, [this.keys.record(id)], []))) === 1
    );
  }

  async subscribe(listener: CompletionListener): Promise<() => void> {
    if (this.#closed) throw new PeerError(RedisErrorCode.StoreUnavailable, 'RedisElicitationStore: closed');
    this.#feed ??= this.#openFeed();
    return this.#feed.add(listener);
  }

  async putVaultRecord(record: VaultRecord): Promise<void> {
    await this.#run('putVaultRecord', () =>
      this.#redis.hset(this.keys.vault(record.user), record.name, encodeVaultEntry(record)),
    );
  }

  async getVaultRecord(user: string, name: string): Promise<VaultRecord | undefined> {
    const key = this.keys.vault(user);
    const value = await this.#run('getVaultRecord', () => this.#redis.hget(key, name));
    return value === null ? undefined : decodeVaultEntry(user, name, value, `${key} ${name}`);
  }

  async deleteVaultRecord(user: string, name: string): Promise<boolean> {
    return (await this.#run('deleteVaultRecord', () => this.#redis.hdel(this.keys.vault(user), name))) === 1;
  }

  async claimVaultLease(
    user: string,
    name: string,
    holder: string,
    until: number,
    now: number,
  ): Promise<boolean> {
    const key = this.keys.vaultLease(user, name);
    const ms = String(Math.max(1, Math.ceil(until - now)));
    return (
      (await this.#run('claimVaultLease', () => CLAIM_VAULT_LEASE.run(this.#redis, [key], [holder, ms]))) ===
      1
    );
  }

  async releaseVaultLease(user: string, name: string, holder: string): Promise<void> {
    const key = this.keys.vaultLease(user, name);
    await this.#run('releaseVaultLease', () => RELEASE_VAULT_LEASE.run(this.#redis, [key], [holder]));
  }

  /** Stops the completion feed and closes the connections the store opened (not a client you passed in). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#feed?.close();
    this.#reader?.disconnect();
    await this.#feed?.stopped;
    this.#redis.off('error', this.#onConnectionError);
    this.#redis.off('ready', this.#onReady);
    if (this.#owned) {
      await this.#redis.quit().catch(() => this.#redis.disconnect());
    }
  }

  #openFeed(): CompletionFeed {
    // A blocking XREAD holds its connection, so the feed gets its own; its timeout outlasts one block.
    const reader = this.#redis.duplicate({
      commandTimeout: READ_BLOCK_MS + 5000,
      maxRetriesPerRequest: null,
      connectionName: connectionName(this.keys.prefix, 'completions'),
    });
    reader.on('error', this.#onConnectionError);
    this.#reader = reader;
    return new CompletionFeed({
      commands: this.#redis,
      reader,
      stream: this.keys.completions,
      blockMs: READ_BLOCK_MS,
      onError: (error) => {
        if (isRedisStoreError(error)) {
          this.#logger.warn('redis.completion-skipped', { redis: this.#server, error: error.message });
        } else this.#noteDown(error);
      },
    });
  }

  async #run<T>(operation: string, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw this.#wrap(operation, error);
    }
  }

  #wrap(operation: string, error: unknown): Error {
    if (isElicitkitError(error)) return error; // ours already: a store conflict, or one of the below
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'ReplyError') {
      return new PeerError(
        RedisErrorCode.StoreFailed,
        `elicitation store: Redis at ${this.#server} refused ${operation}: ${reason}`,
        { cause: error },
      );
    }
    return new PeerError(
      RedisErrorCode.StoreUnavailable,
      `elicitation store unavailable: Redis at ${this.#server} did not answer ${operation} (${reason}); ` +
        'URL elicitations fail until it is back',
      { cause: error },
    );
  }

  /** One warning per outage, not one per failed command or reconnect attempt. */
  #noteDown(error: unknown): void {
    if (this.#down || this.#closed) return;
    this.#down = true;
    this.#logger.warn('redis.unavailable', {
      redis: this.#server,
      error: error instanceof Error ? error.message : String(error),
    });
  }

  #noteUp(): void {
    if (!this.#down) return;
    this.#down = false;
    this.#logger.info('redis.recovered', { redis: this.#server });
  }
}
