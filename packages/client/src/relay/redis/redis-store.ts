import { integerOption } from '@elicitkit/core';
import { Redis } from 'ioredis';
import type { Question, QuestionAnswer, QuestionStatus } from '../question.js';
import type { QuestionEvent, RelayCall, RelayStore } from '../store.js';
import { Watchers } from '../watchers.js';
import { ADD, END_CALL, PENDING, RETIRE, SETTLE, TAKE_OVER } from './scripts.js';

/** Options of {@link redisRelayStore}. */
export interface RedisRelayStoreOptions {
  /**
   * A `redis://` or `rediss://` URL (the store opens and closes its connections), or an ioredis client you own (used
   * as it is, never closed). Either way the store opens one more connection of its own for the change feed.
   * Redis Cluster is not supported.
   */
  redis: string | Redis;
  /** Put before every key and the channel, so several apps share one Redis. Default `elicitkit:relay:`. */
  keyPrefix?: string;
  /**
   * How long an instance that stopped renewing its lease keeps its calls and questions, in ms: after that another
   * instance's `relay.recover()` takes them over. Default 15 s. A graceful `close()` gives them up at once.
   */
  leaseMs?: number;
  /** The store's clock, ms since the epoch (tests inject one). */
  now?: () => number;
  /** Where failures of the background work (lease renewal, the change feed) are reported. Default `console.error`. */
  onError?: (error: unknown) => void;
}

/** The Redis relay store: a {@link RelayStore} with connections to close. */
export interface RedisRelayStore extends RelayStore {
  /** Gives up this instance's lease (another instance, or the next life, takes over at once) and disconnects. */
  close(): Promise<void>;
}

/** Settled questions stay readable this long (a late second answer hears "already answered"), then expire. */
const SETTLED_KEPT_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LEASE_MS = 15_000;
/** How often the relay reads a waiting question again, in case the feed missed its answer. */
const RECHECK_MS = 30_000;

type Run = (script: string, ...args: (string | number)[]) => Promise<unknown>;

/**
 * A {@link RelayStore} on Redis, for several agent instances: every instance hears every change (one pub/sub
 * channel), a question is settled once (a script), and calls are held under a lease each instance renews, so the
 * calls of an instance that died are taken over by another's `relay.recover()` once its lease lapses.
 */
export function redisRelayStore(options: RedisRelayStoreOptions): RedisRelayStore {
  const P = options.keyPrefix ?? 'elicitkit:relay:';
  const now = options.now ?? Date.now;
  const leaseMs = integerOption(
    'leaseMs',
    options.leaseMs ?? DEFAULT_LEASE_MS,
    { min: 1000 },
    {
      where: 'redisRelayStore',
    },
  );
  const onError = options.onError ?? ((error: unknown) => console.error('elicitkit relay (redis):', error));
  const owned = typeof options.redis === 'string';
  const redis =
    typeof options.redis === 'string'
      ? new Redis(options.redis, {
          maxRetriesPerRequest: 2,
          commandTimeout: 3000,
          connectionName: 'elicitkit-relay',
        })
      : options.redis;
  const feed = redis.duplicate();
  const holder = crypto.randomUUID();
  const watchers = new Watchers();

  // ioredis reports every reconnect attempt: each connection's first failure is told, the rest wait until it is back.
  for (const connection of [redis, feed]) {
    let down = false;
    connection.on('error', (error: unknown) => {
      if (!down) onError(error);
      down = true;
    });
    connection.on('ready', () => {
      down = false;
    });
  }

  // Every instance hears every change; what it does not watch it drops.
  const channel = `${P}events`;
  feed.on('message', (_channel: string, message: string) => {
    try {
      const { principal, event } = JSON.parse(message) as { principal: string; event: QuestionEvent };
      watchers.emit(principal, event);
    } catch (error) {
      onError(error);
    }
  });
  // Adds and snapshots wait for the feed: nothing that happens after them is missed.
  const listening = feed.subscribe(channel).then(() => undefined);
  listening.catch(onError);

  const run: Run = (script, ...args) => redis.eval(script, 0, P, ...args.map(String));
  const renew = () => redis.hset(`${P}holders`, holder, now() + leaseMs);
  const renewing = renew().catch(onError);
  const timer = setInterval(() => void renew().catch(onError), Math.floor(leaseMs / 3));
  timer.unref?.();

  const settle = async (id: string, status: 'answered' | 'withdrawn', answer?: QuestionAnswer) =>
    (await run(SETTLE, id, status, answer ? JSON.stringify(answer) : '', SETTLED_KEPT_MS)) === 1;

  return {
    async add(question, maxPending) {
      await Promise.all([listening, renewing]);
      const reply = (await run(
        ADD,
        question.id,
        question.principal,
        JSON.stringify(question),
        question.expiresAt,
        maxPending,
        now(),
        question.resumeKey ?? '',
        question.call ?? '',
        holder,
        SETTLED_KEPT_MS,
      )) as string[];
      if (reply[0] === 'added') return { added: true };
      if (reply[0] === 'full') return { added: false };
      return {
        added: false,
        existing: JSON.parse(reply[1]!) as Question,
        ...(reply[2] && { answer: JSON.parse(reply[2]) as QuestionAnswer }),
      };
    },
    async pending(principal) {
      await listening;
      const found = (await run(PENDING, principal, now(), SETTLED_KEPT_MS)) as string[];
      return found.map((json) => JSON.parse(json) as Question);
    },
    async get(id) {
      const read = async () => {
        const [question, status, answer] = await redis.hmget(`${P}q:${id}`, 'question', 'status', 'answer');
        return question == null
          ? undefined
          : {
              question: JSON.parse(question) as Question,
              status: status as QuestionStatus,
              ...(answer != null && { answer: JSON.parse(answer) as QuestionAnswer }),
            };
      };
      const found = await read();
      if (found?.status !== 'pending' || found.question.expiresAt > now()) return found;
      await settle(id, 'withdrawn');
      return read();
    },
    settle,
    // Pub/sub drops what is published while the feed's connection is down.
    recheckMs: RECHECK_MS,
    watch: (principal, listener) => watchers.watch(principal, listener),
    async saveCall(call) {
      await renewing;
      await redis
        .multi()
        .hset(`${P}c:${call.id}`, 'record', JSON.stringify(call), 'holder', holder)
        .sadd(`${P}hc:${holder}`, call.id)
        .exec();
    },
    async retire(callId) {
      await run(RETIRE, callId);
    },
    async endCall(callId) {
      await run(END_CALL, callId);
      await run(RETIRE, callId);
    },
    async takeOver() {
      const [calls, questions] = (await run(TAKE_OVER, holder, now())) as [string[], string[]];
      return {
        calls: calls.map((json) => JSON.parse(json) as RelayCall),
        questions: questions
          .map((json) => JSON.parse(json) as Question)
          .sort((a, b) => a.askedAt - b.askedAt),
      };
    },
    async close() {
      clearInterval(timer);
      watchers.clear();
      // A lease of 0: whoever recovers next takes over this instance's calls at once.
      await redis.hset(`${P}holders`, holder, 0).catch(onError);
      feed.disconnect();
      if (owned) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
