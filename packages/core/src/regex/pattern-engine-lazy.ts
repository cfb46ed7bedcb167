import { CoreErrorCode, UsageError } from '../errors.js';
import { lazyChunk } from '../lazy-chunk.js';
import type { PatternEngine } from './pattern-engine-eager.js';

// `#pattern-engine` in browsers: the engine (the pattern translator and re2js, about three quarters of
// core's weight) is a separate chunk, fetched the first time a schema with a `pattern` arrives.

const engine = lazyChunk(
  () => import('./re2-engine.js'),
  (module): PatternEngine => module,
);

export function patternEngine(): PatternEngine {
  if (engine.value) return engine.value;
  throw new UsageError(
    CoreErrorCode.PatternEngineNotLoaded,
    'this schema has a `pattern`: await loadPatternEngine(schema) before checking it (the client pipeline does)',
  );
}

export function loadEngine(): Promise<void> {
  return engine.load();
}
