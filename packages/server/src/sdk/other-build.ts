import type * as V2Sdk from '@modelcontextprotocol/server';

/**
 * The v2 SDK's CommonJS build, the one a CommonJS app's `require('@modelcontextprotocol/server')` gives it. elicitkit
 * is an ES module, so its own imports give the ES module build: the same package, but classes and module state of its
 * own. Where an SDK function must work on the app's servers from inside (the 2026-07-28 HTTP handler reads their
 * registrations), it has to come from their build. Loaded on first need only, through Node's `require` (a CommonJS
 * server exists only where there is one).
 */
let loaded: typeof V2Sdk | undefined;

export function otherV2Build(): typeof V2Sdk {
  if (loaded) return loaded;
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
  if (!nodeModule)
    throw new Error('a CommonJS build of @modelcontextprotocol/server can only be loaded on Node');
  loaded = nodeModule.createRequire(import.meta.url)('@modelcontextprotocol/server') as typeof V2Sdk;
  return loaded;
}
