// @needs tools, chromium
// Hosts on other MCP clients (issue 20): the pipeline as a plain function, `createElicitationHandler`, wired
// into the AI SDK's `onElicitationRequest` (@ai-sdk/mcp 2.0) and Mastra's `inputRequests` (@mastra/mcp 2.0),
// exactly as the client README's recipes show, against the real demo (Streamable HTTP, negotiating 2026-07-28),
// and against a server that sends a hostile input request.
//
// The frameworks are a test tool (tools/host-frameworks, installed on first use, issue 19: 140 MB wanting Node 22
// that `npm install` should not bring), loaded at run time from that folder; elicitkit is the workspace's own
// code under test. So that `npm run typecheck` passes without the tool, the few calls made here are typed by the
// small interfaces below; the README's recipe blocks are checked against the frameworks' real types
// (test/tooling/readme-examples.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputRequired } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from '../../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../../examples/demo/src/users.js';
import { relayInChromium, userCookie } from '../../../test/support/relay-chromium.js';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../../../test/support/tool-install.js';
import {
  createElicitationHandler,
  type ElicitationHandler,
  type ElicitationHostEvents,
  type FormPrompt,
} from '../src/index.js';
import { createRelay, type Relay } from '../src/relay/index.js';
import { type ScriptedUI, scriptedUI } from '../src/testing/index.js';
import { startServer2026 } from './helpers/server-2026.js';

type Answer = ElicitationHandler['answer'];
type Capabilities = ElicitationHandler['capabilities'];
/** The AI SDK's MCP client (`@ai-sdk/mcp`), as far as this test uses it. */
interface AiSdkClient {
  readonly initializeResult?: { serverInfo?: { name: string; version?: string } };
  onElicitationRequest(schema: unknown, handler: (request: { params: unknown }) => ReturnType<Answer>): void;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}
/** A Mastra server's options (`@mastra/mcp`), as far as this test uses them. */
interface MastraServer {
  url: URL;
  requestInit?: RequestInit;
  capabilities?: Capabilities;
  inputRequests?: (request: { key: string; params: unknown; signal?: AbortSignal }) => ReturnType<Answer>;
}
/** Mastra's MCP client, as far as this test uses it: its tools are keyed `<server>_<tool>`. */
interface MastraClient {
  listTools(): Promise<Record<string, { execute?: (input: object, context: object) => Promise<unknown> }>>;
  disconnect(): Promise<void>;
}
/** What tools/host-frameworks/index.mjs exports. */
interface HostFrameworks {
  createMCPClient(options: {
    transport: { type: 'http'; url: string; headers?: Record<string, string> };
    capabilities?: Capabilities;
  }): Promise<AiSdkClient>;
  ElicitationRequestSchema: unknown;
  MCPClient: new (options: { servers: Record<string, MastraServer> }) => MastraClient;
}

let createMCPClient: HostFrameworks['createMCPClient'];
let ElicitationRequestSchema: HostFrameworks['ElicitationRequestSchema'];
let MCPClient: HostFrameworks['MCPClient'];
beforeAll(async () => {
  const dir = await installTool('host-frameworks');
  ({ createMCPClient, ElicitationRequestSchema, MCPClient } = (await import(
    pathToFileURL(join(dir, 'index.mjs')).href
  )) as HostFrameworks);
}, TOOL_INSTALL_TIMEOUT_MS);

const ALICE = DEFAULT_USERS[0]!;
const auth = { Authorization: `Bearer ${ALICE.token}` };
const textOf = (result: unknown) =>
  ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');
/** The demo's book_table, filled in as a person would. */
const bookTable = (prompt: FormPrompt) => ({
  action: 'submit' as const,
  content: { ...prompt.initial, name: 'Ada', day: '2030-05-17', seating: 'terrace' },
});
/** Submits the first option of the form's only field: a `choose` prompt. */
const pickFirst = (prompt: FormPrompt) => ({
  action: 'submit' as const,
  content: { [prompt.fields[0]!.name]: prompt.fields[0]!.options![0]!.value },
});

/** confirm_delete twice: pick the booking, then decline; pick it again, then cancel. */
const DECLINE_THEN_CANCEL_A_DELETE = [
  { form: pickFirst },
  { form: { action: 'decline' as const } },
  { form: pickFirst },
  { form: { action: 'cancel' as const } },
];

let dataDir: string;
let demo: RunningDemo;
/** The person's pages, in Chromium, for the relay recipes. */
const rig = relayInChromium();
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-recipes-'));
  demo = await startDemo({ port: 0, dataDir, users: DEFAULT_USERS, logger: { info() {}, warn() {} } });
});
afterAll(async () => {
  await demo?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * Hostile input requests that each client's own checks let through, so elicitkit's must refuse them: a
 * pattern with a backreference (no linear-time engine runs it: a ReDoS risk), kept by the AI SDK's loose
 * schema (the v2 SDK's Zod strips `pattern`, so it would never reach Mastra's handler); a `javascript:` URL,
 * a valid URL to the v2 SDK's Zod (the AI SDK refuses URL input requests itself).
 */
const HOSTILE = {
  pattern: inputRequired.elicit({
    message: 'x',
    requestedSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)\\1$' } } } as never,
  }),
  javascriptUrl: inputRequired.elicitUrl({ message: 'x', url: 'javascript:alert(1)' }),
};

/** A server whose `tool` answers every leg with one hostile input request under the key `evil`. */
async function hostileServer(evil: (typeof HOSTILE)[keyof typeof HOSTILE]) {
  const server = await startServer2026({ tool: () => ({ content: [] }) }, 'http', undefined, () => ({
    resultType: 'input_required',
    inputRequests: { evil },
  }));
  return server as typeof server & { url: URL };
}

function handlerFor(
  ui: ScriptedUI,
  server: () => { name?: string } | undefined,
  modes: ('form' | 'url')[] = ['form'],
) {
  const elicit = createElicitationHandler({ ui, modes, server });
  const rejected: ElicitationHostEvents['rejected'][] = [];
  elicit.on('rejected', (event) => rejected.push(event));
  return { elicit, rejected };
}

describe('recipe: the AI SDK (@ai-sdk/mcp onElicitationRequest)', () => {
  async function aiSdkHost(url: URL, headers: Record<string, string>, ui: ScriptedUI) {
    // The recipe, as in the README.
    const { elicit } = handlerFor(ui, () => mcp.initializeResult?.serverInfo);
    const mcp = await createMCPClient({
      transport: { type: 'http', url: url.href, headers },
      capabilities: elicit.capabilities,
    });
    mcp.onElicitationRequest(ElicitationRequestSchema, (request) => elicit.answer(request.params));
    return { mcp, elicit };
  }

  it("answers the demo's forms (book_table, pick_color) through elicitkit's pipeline", async () => {
    const ui = scriptedUI([
      { form: bookTable },
      { form: { action: 'submit', content: { color: '#4169e1' } } },
    ]);
    const { mcp, elicit } = await aiSdkHost(demo.url, auth, ui);
    try {
      const booked = await elicit.duringCall(() => mcp.callTool({ name: 'book_table', arguments: {} }));
      expect(textOf(booked)).toMatch(/^Booked #\d+ Ada, 2 people on 2030-05-17 \(Terrace\)/);
      expect(textOf(await mcp.callTool({ name: 'pick_color', arguments: {} }))).toBe('Napkins: #4169e1.');
      const [form, colour] = ui.prompts as FormPrompt[];
      expect(form?.initial).toMatchObject({ party: 2, reminder: true });
      expect(colour?.fields[0]?.options?.map((option) => option.label)).toContain('Royal blue');
    } finally {
      await mcp.close();
    }
  });

  it('[E-04] passes decline and cancel through (confirm_delete)', async () => {
    const ui = scriptedUI(DECLINE_THEN_CANCEL_A_DELETE);
    const { mcp } = await aiSdkHost(demo.url, auth, ui);
    try {
      expect(textOf(await mcp.callTool({ name: 'confirm_delete', arguments: {} }))).toMatch(/you said no\.$/);
      expect(textOf(await mcp.callTool({ name: 'confirm_delete', arguments: {} }))).toMatch(
        /^Nothing changed: the question was dismissed/,
      );
    } finally {
      await mcp.close();
    }
  });

  it('[E-12] refuses a hostile request unseen: the call fails with the spot named', async () => {
    const server = await hostileServer(HOSTILE.pattern);
    const ui = scriptedUI();
    const { mcp, elicit } = await aiSdkHost(server.url, {}, ui);
    const rejected: string[] = [];
    elicit.on('rejected', ({ message }) => rejected.push(message));
    try {
      const error = await mcp.callTool({ name: 'tool', arguments: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(ui.prompts).toHaveLength(0);
      expect(rejected[0]).toMatch(/requestedSchema\.properties\.a\.pattern/);
    } finally {
      await mcp.close();
      await server.close();
    }
  });
});

describe('recipes on a server, the person in a browser (the relay, issue 27)', () => {
  /** The person's page in Chromium, listening to `relay` mounted at `basePath`; the form of its first question. */
  async function formOnPage(relay: Relay, basePath: string, user: string) {
    rig.mount(relay, basePath);
    const tab = await rig.tabOf(user, { basePath });
    const form = tab.locator('elicit-form');
    await form.getByText('Which napkins for your table?').waitFor();
    return form;
  }

  /** Picks `colour` in the form and sends it, as the person does. */
  async function pick(form: Awaited<ReturnType<typeof formOnPage>>, colour: string) {
    await form.getByRole('radio', { name: colour }).check();
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
  }

  it("the AI SDK's MCP client, the relay as its handler's UI: alice answers pick_color in Chromium", async () => {
    const relay = createRelay({ authenticate: userCookie, basePath: '/ai-sdk/elicitkit' });
    // The recipe: the relay is the UI of the handler the AI SDK's client calls.
    const elicit = createElicitationHandler({
      ui: relay.ui({ principal: 'alice' }),
      modes: ['form'],
      server: () => mcp.initializeResult?.serverInfo,
    });
    const mcp = await createMCPClient({
      transport: { type: 'http', url: demo.url.href, headers: auth },
      capabilities: elicit.capabilities,
    });
    mcp.onElicitationRequest(ElicitationRequestSchema, (request) => elicit.answer(request.params));
    try {
      const picked = mcp.callTool({ name: 'pick_color', arguments: {} });
      const form = await formOnPage(relay, '/ai-sdk/elicitkit', 'alice');
      await expect(form.getByText(mcp.initializeResult!.serverInfo!.name).count()).resolves.toBeGreaterThan(
        0,
      );
      await pick(form, 'Royal blue');
      expect(textOf(await picked)).toBe('Napkins: #4169e1.');
    } finally {
      await mcp.close();
    }
  });

  it("Mastra's MCP client, the relay as its handler's UI: bob answers pick_color in Chromium", async () => {
    const relay = createRelay({ authenticate: userCookie, basePath: '/mastra/elicitkit' });
    const elicit = createElicitationHandler({
      ui: relay.ui({ principal: 'bob' }),
      server: () => ({ name: 'demo' }),
    });
    const mcp = new MCPClient({
      servers: {
        demo: {
          url: demo.url,
          requestInit: { headers: { Authorization: `Bearer ${DEFAULT_USERS[1]!.token}` } },
          capabilities: elicit.capabilities,
          inputRequests: ({ key, params, signal }) => elicit.answer(params, { inputRequestKey: key, signal }),
        },
      },
    });
    try {
      const tools = await mcp.listTools();
      const picked = tools.demo_pick_color!.execute!({}, {} as never);
      // Alice's page on the same relay never shows bob's question.
      rig.mount(relay, '/mastra/elicitkit');
      const alice = await rig.tabOf('alice', { basePath: '/mastra/elicitkit' });
      await pick(await formOnPage(relay, '/mastra/elicitkit', 'bob'), 'Forest green');
      expect(textOf(await picked)).toBe('Napkins: #228b22.');
      await expect(alice.locator('elicit-form').count()).resolves.toBe(0);
    } finally {
      await mcp.disconnect();
    }
  });
});

describe('recipe: Mastra (@mastra/mcp inputRequests)', () => {
  function mastraHost(url: URL, headers: Record<string, string>, ui: ScriptedUI, modes?: ('form' | 'url')[]) {
    // The recipe, as in the README.
    const { elicit, rejected } = handlerFor(ui, () => ({ name: 'demo' }), modes);
    const mcp = new MCPClient({
      servers: {
        demo: {
          url,
          requestInit: { headers },
          capabilities: elicit.capabilities,
          inputRequests: ({ key, params, signal }) => elicit.answer(params, { inputRequestKey: key, signal }),
        },
      },
    });
    return { mcp, elicit, rejected };
  }

  it("answers the demo's forms (book_table, pick_color) through elicitkit's pipeline", async () => {
    const ui = scriptedUI([
      { form: bookTable },
      { form: { action: 'submit', content: { color: '#b22222' } } },
    ]);
    const { mcp } = mastraHost(demo.url, auth, ui);
    try {
      const tools = await mcp.listTools();
      expect(textOf(await tools.demo_book_table!.execute!({}, {} as never))).toMatch(/^Booked #\d+ Ada/);
      expect(textOf(await tools.demo_pick_color!.execute!({}, {} as never))).toBe('Napkins: #b22222.');
      expect(ui.prompts[0]?.requester).toEqual({ name: 'demo' });
    } finally {
      await mcp.disconnect();
    }
  });

  it('[E-04] passes decline and cancel through (confirm_delete)', async () => {
    const ui = scriptedUI(DECLINE_THEN_CANCEL_A_DELETE);
    const { mcp } = mastraHost(demo.url, auth, ui);
    try {
      const tools = await mcp.listTools();
      const confirmDelete = tools.demo_confirm_delete!;
      expect(textOf(await confirmDelete.execute!({}, {} as never))).toMatch(/you said no\.$/);
      expect(textOf(await confirmDelete.execute!({}, {} as never))).toMatch(/^Nothing changed/);
    } finally {
      await mcp.disconnect();
    }
  });

  it('[E-49] refuses a hostile input request unseen: the call fails, the key and the spot named', async () => {
    const server = await hostileServer(HOSTILE.javascriptUrl);
    const ui = scriptedUI();
    const { mcp, rejected } = mastraHost(server.url, {}, ui, ['form', 'url']);
    try {
      const tools = await mcp.listTools();
      await expect(tools.demo_tool!.execute!({}, {} as never)).rejects.toThrow();
      expect(ui.prompts).toHaveLength(0);
      expect(rejected[0]).toMatchObject({
        inputRequestKey: 'evil',
        message: expect.stringMatching(/^inputRequests\["evil"\]\.params\.url was refused/),
      });
    } finally {
      await mcp.disconnect();
      await server.close();
    }
  });
});
