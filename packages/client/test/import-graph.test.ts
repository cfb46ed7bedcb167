import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entrySources,
  importCircles,
  sourceImportGraph,
  upwardImports,
} from '../../../test/support/import-graph.js';

/**
 * Issue 23: the client host is built of explicit parts, in layers, with no circle (the old `HostState` and the
 * pipeline imported each other). Bottom to top; a room is a folder (`policy/`) or a file, relative to `src/`.
 */
const LAYERS = [
  // The contract with UIs, the error codes.
  ['ui.ts', 'errors.ts'],
  // Leaves: the prompt queue and request budget, completion tracking, openers, who asks, host events,
  // the scripted UI of the /testing entry, the adapter kit UIs draw with (/ui-kit), the Node mount of fetch handlers.
  [
    'policy/',
    'completion/',
    'open/',
    'host/requester.ts',
    'host/events.ts',
    'testing/',
    'ui-kit/',
    'node/fetch-listener.ts',
  ],
  // Where the host meets the person: UI, queue, events, requester.
  ['host/surface.ts'],
  // The pipeline: gates, forms, the one consent-and-open, the rate limit as the person meets it.
  ['pipeline/'],
  // The era adapters: a 2025 request, a 2026 input request, to and from the pipeline.
  ['era/'],
  // The 2026 round driver (both entry points), then the 2025 -32042 loop, which shares its wait controls.
  ['rounds/'],
  // The -32042 loop; beside it the task follower (Tasks extension), which answers through the same adapters.
  ['retry/', 'tasks/'],
  // The SDK seam: the v2 and v1 adapters side by side.
  ['sdk/'],
  // Building a host's parts; the registry of installed hosts; the public entry points.
  ['host-parts.ts'],
  ['installed.ts'],
  ['install.ts', 'calls.ts', 'handler.ts', 'tasks.ts'],
  // The relay (/relay): a UI whose person is in a browser elsewhere, and the calls it keeps through a restart.
  ['relay/'],
  // MCP authorization for hosts (/sign-in), on the SDK's OAuth client; its Node parts (a file store, a loopback).
  ['sign-in/'],
  ['node/file-lock.ts'],
  ['node/file-sign-in-store.ts', 'node/loopback-redirect.ts'],
];

const SRC = path.resolve(import.meta.dirname, '../src');
const graph = sourceImportGraph(SRC);

describe('the client package import graph', () => {
  it('has no circle, not even through types', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('imports only its own room or lower layers, and every file has a room', () => {
    expect(upwardImports(graph, LAYERS, entrySources(path.resolve(SRC, '..')))).toEqual([]);
  });

  it('sees what it checks', () => {
    expect(graph.get('pipeline/pipeline.ts')).toContain('host/surface.ts');
    expect(graph.get('install.ts')).toContain('sdk/which-sdk.ts');
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(upwardImports(new Map([['a.ts', ['b.ts']]]), [['a.ts'], ['b.ts']], new Set())).toHaveLength(1);
  });
});
