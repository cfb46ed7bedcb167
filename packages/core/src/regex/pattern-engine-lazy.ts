import { CoreErrorCode, UsageError } from '../errors.js';
import type { PatternEngine } from './pattern-engine-eager.js';

// `#pattern-engine` in browsers: the engine (the pattern translator and re2js, about three quarters of
// core's weight) is a separate chunk, fetched the first time a schema with a `pattern` arrives.

let engine: PatternEngine | undefined;
let loading: Promise<void> | undefined;

export function patternEngine(): PatternEngine {
  if (engine) return engine;
  throw new UsageError(
    CoreErrorCode.PatternEngineNotLoaded,
    'this schema has a `pattern`: await loadPatternEngine(schema) before checking it (the client pipeline does)',
  );
}

export function loadEngine(): Promise<void> {
  loading ??= import('./re2-engine.js').then(
    (module) => {
      engine = module;
    },
    (error: unknown) => {
      loading = undefined; // a failed fetch may be retried
      throw error;
    },
  );
  return loading;
}
