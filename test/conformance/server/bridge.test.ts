// @needs tools
import { createBridge, type ServedBridge, serveBridgeHttp } from '@elicitkit/bridge';
import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server/http';
import { afterAll, beforeAll } from 'vitest';
import { TOOL_INSTALL_TIMEOUT_MS } from '../../support/tool-install.js';
import { type ConformanceRun, conformanceRunner } from '../run-conformance.js';
import { createConformanceServer, listChanges } from './conformance-server.js';
import { describeServerScenarios } from './scenarios.js';

// Issue 28: the official suite against the bridge fronting elicitkit's conformance server over Streamable HTTP: the
// scenarios the server itself passes, with no baseline. What the suite sends reaches the upstream through the bridge,
// and what the upstream asks reaches the suite through it, in the suite's revision.
let upstream: ServedMcpHttp;
let bridge: ServedBridge;
let conformance: ConformanceRun;

beforeAll(async () => {
  upstream = await serveMcpHttp(createConformanceServer);
  listChanges.notify = upstream.handler.notify;
  bridge = await serveBridgeHttp(createBridge({ upstream: { kind: 'http', url: upstream.url } }));
  conformance = await conformanceRunner('server');
}, TOOL_INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await bridge?.close();
  await upstream?.close();
  await conformance?.dispose();
});

describeServerScenarios('official MCP conformance through the bridge', () => ({
  url: bridge.url!.href,
  conformance,
}));
