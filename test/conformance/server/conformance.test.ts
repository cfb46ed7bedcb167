// @needs tools
import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server/http';
import { afterAll, beforeAll } from 'vitest';
import { TOOL_INSTALL_TIMEOUT_MS } from '../../support/tool-install.js';
import { type ConformanceRun, conformanceRunner } from '../run-conformance.js';
import { createConformanceServer, listChanges } from './conformance-server.js';
import { describeServerScenarios } from './scenarios.js';

// The official suite against the elicitkit conformance server on 127.0.0.1: 2025-11-25 clients on sessions, and
// 2026-07-28 requests statelessly, on the same endpoint. Every scenario must also pass `wire-schema-valid`.
let served: ServedMcpHttp;
let conformance: ConformanceRun;

beforeAll(async () => {
  served = await serveMcpHttp(createConformanceServer);
  listChanges.notify = served.handler.notify;
  conformance = await conformanceRunner('server');
}, TOOL_INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await served?.close();
  await conformance?.dispose();
});

describeServerScenarios('official MCP conformance', () => ({ url: served.url.href, conformance }));
