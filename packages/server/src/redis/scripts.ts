import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA (EVALSHA), sent in full once per Redis server when it does not know it yet
 * (first use, or after a restart emptied the script cache). Each runs atomically: Redis executes one script
 * at a time, which is what makes complete-once, withdraw and the notice claim race-free across instances.
 */
export class LuaScript {
  readonly #source: string;
  readonly #sha: string;
  readonly #keys: number;

  constructor(keys: number, source: string) {
    this.#keys = keys;
    this.#source = source;
    this.#sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.#sha, this.#keys, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      return redis.eval(this.#source, this.#keys, ...keys, ...args);
    }
  }
}

/**
 * KEYS: record, expiry index. ARGV: Redis TTL (ms), id, expiresAt, index entries older than this are dropped,
 * then the record's fields. Returns 0 when the id exists (nothing written), 1 when created.
 */
export const CREATE = new LuaScript(
  2,
  `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[4])
return 1`,
);

/**
 * E-17: KEYS: record, completion stream. ARGV: now, stream cap. Moves a pending, unexpired record to completed
 * and appends it to the stream in the same step, so a completion is announced if and only if it happened.
 * Returns { 'ok', fields } or { reason }.
 */
export const COMPLETE = new LuaScript(
  2,
  `local status = redis.call('HGET', KEYS[1], 'status')
if not status then return { 'unknown' } end
if status == 'completed' then return { 'already-completed' } end
if status ~= 'pending' or tonumber(redis.call('HGET', KEYS[1], 'expiresAt')) <= tonumber(ARGV[1]) then
  return { 'expired' }
end
redis.call('HSET', KEYS[1], 'status', 'completed', 'completedAt', ARGV[1])
local fields = redis.call('HGETALL', KEYS[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', unpack(fields))
return { 'ok', fields }`,
);

/** KEYS: record. Withdraws a pending record; 1 when it changed. */
export const EXPIRE = new LuaScript(
  1,
  `if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'expired')
return 1`,
);

/** KEYS: record. The one right to announce a completed record: HSETNX on its own hash, so it expires with it. */
export const CLAIM_NOTICE = new LuaScript(
  1,
  `if redis.call('HGET', KEYS[1], 'status') ~= 'completed' then return 0 end
return redis.call('HSETNX', KEYS[1], 'noticed', '1')`,
);

/**
 * KEYS: vault lease. ARGV: holder, claim length in ms. Takes the claim unless another holder has it (an expired
 * claim is gone, by its Redis TTL); 1 when taken.
 */
export const CLAIM_VAULT_LEASE = new LuaScript(
  1,
  `local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`,
);

/** KEYS: vault lease. ARGV: holder. Ends the claim if this holder still has it. */
export const RELEASE_VAULT_LEASE = new LuaScript(
  1,
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
);
