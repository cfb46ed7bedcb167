import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { serveMcpHttp } from '@elicitkit/server/http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { createBridge } from '../../packages/bridge/src/index.js';
import { CHECK_IDS, type CheckupReport } from '../../packages/doctor/src/index.js';
import type { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';
import type { RelayInChromium } from '../support/relay-chromium.js';
import { installTool } from '../support/tool-install.js';
import { elicitInTerminal } from './elicit-terminal.js';
import type { HostUnderTest } from './host.js';
import { openInBrowser, personAnswers, personUI } from './person.js';
import { relayAgentHost } from './relay-host.js';
import { webHostInChromium } from './web-host.js';

/** The installed version of `pkg` (elicitkit's own from its workspace folder: its exports map has no package.json). */
const versionOf = (pkg: string) => {
  const manifest = pkg.startsWith('@elicitkit/')
    ? new URL(`../../packages/${pkg.slice('@elicitkit/'.length)}/package.json`, import.meta.url)
    : new URL(`../../node_modules/${pkg}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/**
 * Every check but the long wait: a host's own timeout runs on real time, which an in-process run moves on the doctor's
 * clock only, so the table could not say what it would show. A real run (part two) does.
 */
export const TABLE_CHECKS = CHECK_IDS.filter((id) => id !== 'long-wait');
const CALL = { name: 'elicitation_checkup', arguments: { checks: TABLE_CHECKS } };
const LONG = { timeout: 600_000 };
const reportOf = (result: unknown) => (result as { structuredContent: CheckupReport }).structuredContent;
type Params = Parameters<typeof personAnswers>[0];

/**
 * What an application on a bare SDK client does with a `-32042` (E-21): its person consents to each listed page and
 * opens it, and once the completion notice comes, the call is made again. `completions` resolves an id's notice.
 */
async function withUrlRequired<T>(
  call: () => Promise<T>,
  clock: ManualClock,
  completion: (elicitationId: string) => Promise<void>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { code, data } = error as { code?: unknown; data?: { elicitations?: Params[] } };
    if (code !== -32042 || !data?.elicitations) throw error;
    for (const listed of data.elicitations) {
      const waited = completion((listed as unknown as { elicitationId: string }).elicitationId);
      await personAnswers(listed, clock);
      await waited;
    }
    return call();
  }
}

/** Completion notices by id, for {@link withUrlRequired}. */
function completions() {
  const done = new Set<string>();
  const waiting = new Map<string, () => void>();
  return {
    complete(id: string) {
      done.add(id);
      waiting.get(id)?.();
    },
    wait: (id: string) =>
      done.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve)),
  };
}

/** The SDK v2 client, its elicitation handler the person's hand: what the SDK itself carries, on one revision. */
function sdkV2(revision: '2025-11-25' | '2026-07-28'): HostUnderTest {
  return {
    name: `SDK v2 client, ${revision}`,
    version: `@modelcontextprotocol/client ${versionOf('@modelcontextprotocol/client')}`,
    async run(doctor, clock) {
      const client = new Client(
        { name: 'sdk-v2-host', version: '1.0.0' },
        {
          capabilities: { elicitation: { form: {}, url: {} } },
          versionNegotiation: { mode: revision === '2026-07-28' ? { pin: revision } : 'legacy' },
        },
      );
      client.setRequestHandler(
        'elicitation/create',
        (request) => personAnswers(request.params as Params, clock) as never,
      );
      const notices = completions();
      client.setNotificationHandler('notifications/elicitation/complete', (notice) =>
        notices.complete(notice.params.elicitationId),
      );
      await client.connect(new StreamableHTTPClientTransport(doctor));
      try {
        return reportOf(await withUrlRequired(() => client.callTool(CALL, LONG), clock, notices.wait));
      } finally {
        await client.close();
      }
    },
  };
}

/** The v1 SDK client (1.32, 2025-11-25; or 1.17 under an alias, 2025-06-18), its handler the person's hand. */
function sdkV1(which: '1.32' | '1.17'): HostUnderTest {
  const old = which === '1.17';
  return {
    name: old ? 'SDK v1 client, 2025-06-18' : 'SDK v1 client, 2025-11-25',
    version: `@modelcontextprotocol/sdk ${versionOf(old ? 'mcp-sdk-1-17' : '@modelcontextprotocol/sdk')}`,
    async run(doctor, clock) {
      const Make = (old ? Client117 : V1Client) as typeof V1Client;
      const client = new Make(
        { name: `sdk-v1-host-${which}`, version: '1.0.0' },
        { capabilities: { elicitation: old ? {} : { form: {}, url: {} } } },
      );
      client.setRequestHandler(
        (old ? ElicitRequestSchema117 : ElicitRequestSchema) as typeof ElicitRequestSchema,
        (request) => personAnswers(request.params as Params, clock) as never,
      );
      const notices = completions();
      if (!old) {
        client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notice) =>
          notices.complete(notice.params.elicitationId),
        );
      }
      await client.connect(new (old ? Http117 : V1Http)(doctor) as V1Http);
      try {
        return reportOf(
          await withUrlRequired(() => client.callTool(CALL, undefined, LONG), clock, notices.wait),
        );
      } finally {
        await client.close();
      }
    },
  };
}

/** elicitkit's host pipeline on the SDK v2 client, with a UI the person answers: `elicit` and the web host's core. */
function elicitkitHost(revision: '2025-11-25' | '2026-07-28'): HostUnderTest {
  return {
    name: `elicitkit host pipeline, ${revision}`,
    version: `@elicitkit/client ${versionOf('@elicitkit/client')}`,
    async run(doctor, clock) {
      const client = new Client(
        { name: 'elicitkit-host', version: '1.0.0' },
        { versionNegotiation: { mode: revision === '2026-07-28' ? { pin: revision } : 'legacy' } },
      );
      installElicitation(client, { ui: personUI(clock), modes: ['form', 'url'], opener: openInBrowser });
      await client.connect(new StreamableHTTPClientTransport(doctor));
      try {
        return reportOf(await callToolWithElicitation(client, CALL, { requestOptions: LONG }));
      } finally {
        await client.close();
      }
    },
  };
}

/** `elicit bridge` in front of a 2025-06-18 host (SDK 1.17): what such a host's person gets through it. */
const bridgeTo20250618: HostUnderTest = {
  name: 'elicit bridge → SDK v1 client, 2025-06-18',
  version: `@elicitkit/bridge ${versionOf('@elicitkit/bridge')}`,
  async run(doctor, clock, latest) {
    const bridge = createBridge({ upstream: { kind: 'http', url: doctor, headers: {} } });
    const served = await serveMcpHttp(() => bridge.server());
    try {
      const host = sdkV1('1.17');
      return await host.run(served.url, clock, latest);
    } finally {
      await served.close();
      await bridge.close();
    }
  },
};

/** The AI SDK's and Mastra's MCP clients (tools/host-frameworks), as far as the table uses them. */
interface HostFrameworks {
  createMCPClient(options: { transport: { type: 'http'; url: string }; capabilities?: object }): Promise<{
    onElicitationRequest(schema: unknown, handler: (request: { params: unknown }) => Promise<unknown>): void;
    callTool(call: { name: string; arguments: object }): Promise<unknown>;
    close(): Promise<void>;
  }>;
  ElicitationRequestSchema: unknown;
  MCPClient: new (options: {
    servers: Record<
      string,
      { url: URL; capabilities?: object; inputRequests?: (r: { params: unknown }) => Promise<unknown> }
    >;
  }) => {
    listTools(): Promise<Record<string, { execute?: (input: object, context: object) => Promise<unknown> }>>;
    disconnect(): Promise<void>;
  };
}

let frameworks: Promise<{ dir: string; module: HostFrameworks }> | undefined;
/** The frameworks, installed on first use (test/support/tool-install.ts), loaded once. */
function hostFrameworks() {
  frameworks ??= installTool('host-frameworks').then(async (dir) => ({
    dir,
    module: (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as HostFrameworks,
  }));
  return frameworks;
}
const frameworkVersion = (dir: string, pkg: string) =>
  (JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
const BOTH_MODES = { elicitation: { form: {}, url: {} } };

/**
 * The AI SDK's MCP client (`@ai-sdk/mcp`), its `onElicitationRequest` handler the person's hand. Declaring form mode
 * only: it takes no URL request (one fails the whole call, "Only form elicitation is supported", even when the
 * application declared URL mode).
 */
const aiSdk: HostUnderTest = {
  name: 'AI SDK MCP client (form mode: it takes no URL request)',
  version: '@ai-sdk/mcp',
  async run(doctor, clock) {
    const { module } = await hostFrameworks();
    const mcp = await module.createMCPClient({
      transport: { type: 'http', url: doctor.href },
      capabilities: { elicitation: { form: {} } },
    });
    mcp.onElicitationRequest(module.ElicitationRequestSchema, (request) =>
      personAnswers(request.params as Params, clock),
    );
    try {
      return reportOf(await mcp.callTool(CALL));
    } finally {
      await mcp.close();
    }
  },
};

/** Mastra's MCP client (`@mastra/mcp`), its `inputRequests` handler the person's hand. */
const mastra: HostUnderTest = {
  name: 'Mastra MCP client',
  version: '@mastra/mcp',
  async run(doctor, clock) {
    const { module } = await hostFrameworks();
    const mcp = new module.MCPClient({
      servers: {
        doctor: {
          url: doctor,
          capabilities: BOTH_MODES,
          inputRequests: ({ params }) => personAnswers(params as Params, clock),
        },
      },
    });
    try {
      const tools = await mcp.listTools();
      // Mastra's tool hands back the result's structuredContent itself.
      return (await tools.doctor_elicitation_checkup!.execute!(CALL.arguments, {})) as CheckupReport;
    } finally {
      await mcp.disconnect();
    }
  },
};

/** The frameworks' versions, once installed: the table names what it ran. */
export async function frameworkVersions(): Promise<Record<string, string>> {
  const { dir } = await hostFrameworks();
  return {
    '@ai-sdk/mcp': `@ai-sdk/mcp ${frameworkVersion(dir, '@ai-sdk/mcp')}`,
    '@mastra/mcp': `@mastra/mcp ${frameworkVersion(dir, '@mastra/mcp')}`,
  };
}

/** Every host the table covers, in its order; `rig`: the person's pages of a relay, in Chromium (the test file's). */
export const hostsUnderTest = (rig: () => RelayInChromium): readonly HostUnderTest[] => [
  sdkV2('2025-11-25'),
  sdkV2('2026-07-28'),
  sdkV1('1.32'),
  sdkV1('1.17'),
  elicitkitHost('2025-11-25'),
  elicitkitHost('2026-07-28'),
  bridgeTo20250618,
  elicitInTerminal('2025-11-25', TABLE_CHECKS),
  elicitInTerminal('2026-07-28', TABLE_CHECKS),
  webHostInChromium('2025-11-25'),
  webHostInChromium('2026-07-28'),
  relayAgentHost('2025-11-25', rig, TABLE_CHECKS),
  relayAgentHost('2026-07-28', rig, TABLE_CHECKS),
  aiSdk,
  mastra,
];
