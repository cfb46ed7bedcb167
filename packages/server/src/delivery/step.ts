import { type Clock, systemClock } from '@elicitkit/core';
import { invalidOptionError, stepReplayedError } from '../errors.js';
import type { HandlerContext } from '../sdk/seam.js';
import { scopeOf } from './scope.js';

/** Options of {@link step}. */
export interface StepOptions {
  /** Largest JSON result recorded, in bytes. Default 4 KiB; the whole state is capped by `requestState.maxBytes`. */
  maxBytes?: number;
  /**
   * M-07: makes the step single-use server-side. Without it, a client replaying an older `requestState` (from
   * before the step ran) can make it run again; with it, such a replay fails with a `PeerError` of code
   * `step-replayed`.
   */
  once?: OnceGuard;
}

/** Claims a key at most once across every instance that shares it (memory for one process, a shared store for many). */
export interface OnceGuard {
  /** True for exactly one caller per key within `ttlMs`. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

export const DEFAULT_STEP_MAX_BYTES = 4 * 1024;
const ONCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * On 2026-07-28 a handler runs again on every round, so code before an ask runs again too. `step` runs a side
 * effect once per flow: its JSON result is recorded in the sealed `requestState` and handed back on later rounds.
 *
 * ```ts
 * const draft = await step(ctx, 'create-draft', () => orders.createDraft(cart));
 * const ok = await confirm(ctx, `Place order ${draft.id}?`);
 * ```
 *
 * On 2025-11-25 the handler runs once, and `step` simply runs `run`. The value comes back as JSON (it is what the
 * state can carry), so return plain data, at most `maxBytes` of it.
 */
export async function step<T>(
  ctx: HandlerContext,
  name: string,
  run: () => T | Promise<T>,
  options: StepOptions = {},
): Promise<T> {
  const scope = scopeOf(ctx);
  const round = scope.round;
  if (!round) return run();
  const position = round.claimStep();
  const recorded = round.step(position, name);
  if (recorded.found) return recorded.value as T;
  if (options.once && !(await options.once.claim(`${round.state.f}:${position}:${name}`, ONCE_TTL_MS))) {
    throw stepReplayedError(name);
  }
  const value = await run();
  const json = JSON.stringify(value);
  const limit = options.maxBytes ?? DEFAULT_STEP_MAX_BYTES;
  if (json === undefined) throw invalidOptionError(`step "${name}"`, 'must return JSON data');
  if (new TextEncoder().encode(json).byteLength > limit) {
    throw invalidOptionError(`step "${name}"`, `returned more than ${limit} bytes of JSON (maxBytes)`);
  }
  const copy = JSON.parse(json) as T;
  await round.recordStep(position, name, copy);
  return copy;
}

/** An in-process {@link OnceGuard}: bounded, entries forgotten after their ttl. For one server process. */
export function memoryOnceGuard(options: { maxEntries?: number; clock?: Clock } = {}): OnceGuard {
  const claimed = new Map<string, number>();
  const maxEntries = options.maxEntries ?? 100_000;
  const clock = options.clock ?? systemClock;
  return {
    async claim(key, ttlMs) {
      const t = clock.now();
      const until = claimed.get(key);
      if (until !== undefined && until > t) return false;
      claimed.delete(key);
      // Oldest first (insertion order): expired entries go, then the oldest if still full.
      for (const [k, expiry] of claimed) {
        if (claimed.size < maxEntries && expiry > t) break;
        claimed.delete(k);
      }
      claimed.set(key, t + ttlMs);
      return true;
    },
  };
}
