import type { CallCheckpoint } from '@elicitkit/client';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';

/**
 * Where a held call stands upstream, kept so that another instance can go on with it (issue 40: a host's task
 * outlives the instance that made it). Only what names the call (who made it, the tool and its arguments, upstream's
 * task id): never an answer, never a credential.
 */
export interface SavedCall {
  principal: string;
  /** The upstream `tools/call` params, as sent. */
  params: { name: string; arguments: Record<string, unknown> };
  checkpoint: Extract<CallCheckpoint, { taskId: string }>;
}

/** Keeps {@link SavedCall}s by held call id, shared by every instance (Redis: {@link redisCheckpoints}). */
export interface CheckpointStore {
  /** Keeps `saved` for held call `callId`, replacing any earlier one, for `ttlMs`. */
  save(callId: string, saved: SavedCall, ttlMs: number): Promise<void>;
  /** What was kept for held call `callId`, checked; undefined when none (or it is malformed). */
  load(callId: string): Promise<SavedCall | undefined>;
  /** Releases the store's connection. */
  close(): Promise<void>;
}

/** Longest a checkpoint is kept, whatever a task's `ttlMs` says (a day), as the router keeps task routes. */
export const MAX_CHECKPOINT_MS = 24 * 60 * 60 * 1000;
/** Largest checkpoint kept (the tool's arguments dominate); a larger call is simply not resumable elsewhere. */
const MAX_CHECKPOINT_BYTES = 64 * 1024;

/**
 * Checkpoints in Redis (needs `ioredis`), under `keyPrefix` (default `elicitkit:bridge:call:`). What is read back is
 * checked before it is trusted: a malformed entry reads as none.
 */
export async function redisCheckpoints(
  redis: string,
  keyPrefix = 'elicitkit:bridge:call:',
): Promise<CheckpointStore> {
  const { Redis } = await import('ioredis').catch((error: unknown) => {
    throw new Error('checkpoints shared between bridge instances need ioredis: npm install ioredis', {
      cause: error,
    });
  });
  const client = new Redis(redis, { maxRetriesPerRequest: 2, commandTimeout: 3000, lazyConnect: false });
  client.on('error', () => {}); // each command says its own failure
  return {
    async save(callId, saved, ttlMs) {
      const json = JSON.stringify(saved);
      if (Buffer.byteLength(json) > MAX_CHECKPOINT_BYTES) return;
      await client.set(
        `${keyPrefix}${callId}`,
        json,
        'PX',
        Math.min(Math.max(ttlMs, 1000), MAX_CHECKPOINT_MS),
      );
    },
    async load(callId) {
      return parseSaved(await client.get(`${keyPrefix}${callId}`));
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function parseSaved(text: string | null): SavedCall | undefined {
  if (text === null) return undefined;
  try {
    const saved = JSON.parse(text) as SavedCall;
    const ok =
      typeof saved?.principal === 'string' &&
      typeof saved.params?.name === 'string' &&
      typeof saved.params.arguments === 'object' &&
      saved.params.arguments !== null &&
      typeof saved.checkpoint?.taskId === 'string' &&
      saved.checkpoint.taskId !== '';
    return ok ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** What instances on one Redis share for their hosts' tasks: the task engine's store, and the held calls' checkpoints. */
export interface SharedTasks {
  tasks: Tasks;
  checkpoints: CheckpointStore;
  /** Closes the engine and both connections. */
  close(): Promise<void>;
}

/**
 * The task engine (`RedisTaskStore`) and checkpoints of bridge instances sharing `redis`, for `createBridge({ tasks,
 * checkpoints })`: a host's task outlives the instance that made it (another takes it over once its lease lapses, and
 * follows upstream's task from the checkpoint). `elicit bridge --redis` uses it. Needs `ioredis`.
 */
export async function sharedTasks(redis: string, keyPrefix = 'elicitkit:bridge:'): Promise<SharedTasks> {
  const { RedisTaskStore } = await import('@elicitkit/server/redis');
  const tasks = createTasks({ store: new RedisTaskStore({ redis, keyPrefix: `${keyPrefix}tasks:` }) });
  const checkpoints = await redisCheckpoints(redis, `${keyPrefix}call:`);
  return {
    tasks,
    checkpoints,
    async close() {
      await tasks.close();
      await checkpoints.close();
    },
  };
}
