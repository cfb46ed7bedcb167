import type { PatternCompilation } from './pattern-limits.js';
import * as re2Engine from './re2-engine.js';

// `#pattern-engine` outside browsers: the engine is part of the module graph, always there.

export interface PatternEngine {
  compile(pattern: string): PatternCompilation;
}

export function patternEngine(): PatternEngine {
  return re2Engine;
}

export function loadEngine(): Promise<void> {
  return Promise.resolve();
}
