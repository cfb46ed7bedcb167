import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitResultSchema,
  type JSONRPCMessage,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** `Promise.withResolvers` for Node 20. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The form a server sends while `elicit connect` sits idle at its prompt: one free-text field. */
export const IDLE_FORM = {
  mode: 'form' as const,
  message: 'While you wait: which colour?',
  requestedSchema: {
    type: 'object' as const,
    properties: { colour: { type: 'string' as const, title: 'Colour' } },
    required: ['colour'],
  },
};

/** The order in which `withdraw_race` sends its two last messages. */
export type RaceOrder = 'cancel-first' | 'result-first';

/** What a test drives, the same whether the server runs in the test process (HTTP) or as elicit's stdio child. */
export interface ScenarioControl {
  /** Sends {@link IDLE_FORM} unrelated to any call (on HTTP: the GET stream) and resolves with the answer. */
  askIdle(): Promise<unknown>;
  /** Lets the held `withdraw_race` call go on; call it once its form is on screen. */
  release(): Promise<void>;
}

/** Every form field kind, with bounds, formats, defaults and optional fields: what a person can be asked. */
export const EVERY_KIND_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Name', minLength: 2, maxLength: 40 },
    email: { type: 'string' as const, title: 'Email', format: 'email' as const },
    site: { type: 'string' as const, title: 'Website', format: 'uri' as const },
    day: { type: 'string' as const, title: 'Day', format: 'date' as const },
    arrival: { type: 'string' as const, title: 'Arrival', format: 'date-time' as const },
    guests: { type: 'integer' as const, title: 'Guests', minimum: 1, maximum: 12, default: 2 },
    budget: { type: 'number' as const, title: 'Budget', minimum: 0 },
    seating: {
      type: 'string' as const,
      title: 'Seating',
      oneOf: [
        { const: 'in', title: 'Indoors' },
        { const: 'out', title: 'Terrace' },
      ],
    },
    extras: {
      type: 'array' as const,
      title: 'Extras',
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'chair', title: 'Highchair' },
          { const: 'window', title: 'Window seat' },
        ],
      },
    },
    reminder: { type: 'boolean' as const, title: 'Reminder', default: true },
  },
  required: ['name', 'day', 'guests', 'seating'],
};

/** No default anywhere a person could be answered for: optional yes/no and choice, a required choice, numbers. */
export const NO_DEFAULTS_SCHEMA = {
  type: 'object' as const,
  properties: {
    newsletter: { type: 'boolean' as const, title: 'Newsletter' },
    pet: { type: 'string' as const, title: 'Pet', enum: ['cat', 'dog'], enumNames: ['Cat', 'Dog'] },
    size: { type: 'string' as const, title: 'Size', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
    rating: { type: 'integer' as const, title: 'Rating', minimum: 1, maximum: 9, default: 1 },
    ratio: { type: 'number' as const, title: 'Ratio' },
    tags: {
      type: 'array' as const,
      title: 'Tags',
      minItems: 1,
      items: { type: 'string' as const, enum: ['a', 'b'] },
    },
  },
  required: ['size', 'rating', 'tags'],
};

/** A look-alike host (Cyrillic "а" in "pаypal"): the card must warn. */
export const LOOKALIKE_URL = 'https://login.xn--pypal-4ve.com/connect?session=abc';
/** The page a -32042 call needs. */
export const NEEDED_URL = 'https://auth.example.com/authorize?flow=xyz';

/** The answer a form tool returns, so the test reads what the server got. */
function answer(value: unknown) {
  return { content: [{ type: 'text' as const, text: `ANSWER ${JSON.stringify(value)}` }] };
}

/**
 * A v1 SDK server whose message order the test decides. `withdraw_race` sends a form about the call, then
 * holds until {@link ScenarioControl.release}; then, by `order`, either withdraws the form
 * (`notifications/cancelled`) and then returns the result, or returns the result first and withdraws the form
 * once the result has been handed to the transport. Nothing waits on a clock.
 */
export class Scenario implements ScenarioControl {
  #server: McpServer | undefined;
  #gate = deferred();
  /** Set while a `result-first` race waits for its result to be written. */
  #afterResult: { callId: string | number; elicitationId: string | number } | undefined;
  #pending = new Set<AbortController>();

  /** A fresh server for one session, wired to this scenario (the newest session is the one the test drives). */
  createServer(): McpServer {
    const server = new McpServer({ name: 'scenario-server', version: '1.0.0' });
    server.registerTool(
      'withdraw_race',
      {
        description: 'Asks a question, then withdraws it around the result',
        inputSchema: { order: z.enum(['cancel-first', 'result-first']) },
      },
      async ({ order }, extra) => {
        const withdraw = new AbortController();
        this.#pending.add(withdraw);
        const asked = extra
          .sendRequest(
            {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: `Race (${order}): your name?`,
                requestedSchema: {
                  type: 'object',
                  properties: { name: { type: 'string', title: 'Racer name' } },
                  required: ['name'],
                },
              },
            },
            ElicitResultSchema,
            { signal: withdraw.signal, timeout: 600_000 },
          )
          .then(
            (answer) => answer as unknown,
            () => 'withdrawn',
          );
        await this.#gate.promise;
        this.#gate = deferred();
        if (order === 'cancel-first') {
          // The SDK sends notifications/cancelled on the call's stream, ahead of the result below.
          withdraw.abort('the server gave up waiting');
          await asked;
        } else {
          this.#afterResult = { callId: extra.requestId, elicitationId: this.#lastElicitationId! };
          return { content: [{ type: 'text' as const, text: `RESULT ${order}` }] };
        }
        this.#pending.delete(withdraw);
        return { content: [{ type: 'text' as const, text: `RESULT ${order}` }] };
      },
    );
    // Schemas as a server writes them on the wire; the SDK's request type is narrower than what we send.
    const form = (name: string, message: string, requestedSchema: object) =>
      server.registerTool(name, { description: message }, async (extra) =>
        answer(
          await extra.sendRequest(
            { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } as never },
            ElicitResultSchema,
            { timeout: 600_000 },
          ),
        ),
      );
    form('every_kind', 'Every kind of field.', EVERY_KIND_SCHEMA);
    form('no_defaults', 'Nothing answered for you.', NO_DEFAULTS_SCHEMA);
    form('confirm_it', 'Delete report.txt?', { type: 'object', properties: {} });
    // Any schema the test hands over: for comparing what two UIs send for the same prompt.
    server.registerTool(
      'ask_schema',
      {
        description: 'Asks with the given schema',
        inputSchema: { schema: z.record(z.string(), z.unknown()) },
      },
      async ({ schema }, extra) =>
        answer(
          await extra.sendRequest(
            {
              method: 'elicitation/create',
              params: { mode: 'form', message: 'Corpus prompt.', requestedSchema: schema } as never,
            },
            ElicitResultSchema,
            { timeout: 600_000 },
          ),
        ),
    );
    server.registerTool('open_page', { description: 'Asks to open a look-alike page' }, async (extra) =>
      answer(
        await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: {
              mode: 'url',
              message: 'Sign in to link your account.',
              url: LOOKALIKE_URL,
              elicitationId: 'el-1',
            },
          },
          ElicitResultSchema,
          { timeout: 600_000 },
        ),
      ),
    );
    // The -32042 flow: the call is refused until the page was consented to; then it succeeds.
    let consented = false;
    server.registerTool('needs_page', { description: 'Needs a browser step first' }, async () => {
      if (!consented) {
        consented = true;
        throw new UrlElicitationRequiredError([
          {
            mode: 'url',
            message: 'Authorize access to your calendar.',
            url: NEEDED_URL,
            elicitationId: 'el-2',
          },
        ]);
      }
      return { content: [{ type: 'text' as const, text: 'calendar linked' }] };
    });
    this.#server = server;
    return server;
  }

  #lastElicitationId: string | number | undefined;

  /**
   * Watches what the server writes: remembers the id of each form it sends, and after the result of a
   * `result-first` race has been written, sends the withdrawal for its form (not tied to the call, whose
   * stream has ended: over HTTP it goes on the GET stream).
   */
  watch(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage, options) => {
      if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
        this.#lastElicitationId = message.id;
      }
      await send(message, options);
      const after = this.#afterResult;
      if (after && 'id' in message && !('method' in message) && message.id === after.callId) {
        this.#afterResult = undefined;
        await send({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: after.elicitationId, reason: 'the call already finished' },
        });
      }
    };
  }

  async askIdle(): Promise<unknown> {
    if (!this.#server) throw new Error('no session yet');
    return this.#server.server.elicitInput(IDLE_FORM, { timeout: 600_000 });
  }

  async release(): Promise<void> {
    this.#gate.resolve();
  }

  /** Settles what is still pending, so nothing outlives the test. */
  stop(): void {
    for (const controller of this.#pending) controller.abort('stopping');
  }
}

/** The scenario over Streamable HTTP (v1 SDK, one session per client) on 127.0.0.1 and a free port. */
export async function scenarioHttpServer(): Promise<
  ScenarioControl & { url: string; close(): Promise<void> }
> {
  const scenario = new Scenario();
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers: McpServer[] = [];
  /** Resolves when the newest session's GET stream is open, so a form sent on it reaches the client. */
  let getStream = deferred();
  const http = createServer(async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void transports.set(sessionId, created),
      });
      const server = scenario.createServer();
      servers.push(server);
      await server.connect(created);
      scenario.watch(created);
      getStream = deferred();
      transport = created;
    }
    if (req.method === 'GET') onHeaders(res, getStream.resolve);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async askIdle() {
      await getStream.promise;
      return scenario.askIdle();
    },
    release: () => scenario.release(),
    async close() {
      scenario.stop();
      for (const server of servers) await server.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Calls `then` once the response's headers are written (the SDK registers its GET stream before that). */
function onHeaders(res: ServerResponse, then: () => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const written = writeHead(...args);
    if (res.statusCode === 200) then();
    return written;
  }) as typeof res.writeHead;
}
