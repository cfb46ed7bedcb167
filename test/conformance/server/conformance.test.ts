import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ConformanceRun, conformanceRunner, expectAllPassed } from '../run-conformance.js';
import { createConformanceServer } from './conformance-server.js';

// The official suite against the elicitkit conformance server over sessionful Streamable HTTP on 127.0.0.1;
// every scenario must also pass `wire-schema-valid`.
let served: ServedMcpHttp;
let conformance: ConformanceRun;

beforeAll(async () => {
  served = await serveMcpHttp(createConformanceServer);
  conformance = await conformanceRunner('server');
});

afterAll(async () => {
  await served?.close();
  await conformance?.dispose();
});

describe('official MCP conformance: server scenarios', () => {
  for (const [scenario, expectedChecks] of [
    ['tools-call-elicitation', ['tools-call-elicitation']],
    [
      'elicitation-sep1034-defaults',
      [
        'elicitation-sep1034-string-default',
        'elicitation-sep1034-integer-default',
        'elicitation-sep1034-number-default',
        'elicitation-sep1034-enum-default',
        'elicitation-sep1034-boolean-default',
      ],
    ],
    [
      'elicitation-sep1330-enums',
      [
        'elicitation-sep1330-untitled-single',
        'elicitation-sep1330-titled-single',
        'elicitation-sep1330-legacy-enumnames',
        'elicitation-sep1330-untitled-multi',
        'elicitation-sep1330-titled-multi',
      ],
    ],
    ['server-initialize', ['server-initialize']],
    ['tools-list', ['tools-list', 'tools-name-format']],
    ['ping', ['ping']],
  ] as const) {
    it(`passes ${scenario} with no baseline`, { timeout: 90_000 }, async () => {
      const run = await conformance.scenario(scenario, ['--url', served.url.href]);
      expectAllPassed(run, [...expectedChecks, 'wire-schema-valid']);
    });
  }
});
