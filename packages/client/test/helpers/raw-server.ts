import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { type InstallElicitationOptions, installElicitation } from '../../src/index.js';

/** A JSON-RPC response as the raw server sees it. */
export interface RawResponse {
  id: number | string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

type Handler = (params: Record<string, unknown>) => { result: unknown } | { error: RawResponse['error'] };

/**
 * A hand-written MCP server speaking raw JSON-RPC over the in-memory transport, so that tests can send what
 * no SDK would let through: undeclared modes, broken schemas, hostile URLs, floods, bogus notifications.
 */
export class RawServer {
  readonly transport: InMemoryTransport;
  /** The `initialize` params the client sent (capabilities, clientInfo). */
  initializeParams: Record<string, unknown> | undefined;
  readonly handlers: Record<string, Handler> = {
    'tools/list': () => ({ result: { tools: [] } }),
    ping: () => ({ result: {} }),
  };
  readonly #pending = new Map<number | string, (response: RawResponse) => void>();
  #nextId = 1;

  constructor(
    transport: InMemoryTransport,
    private readonly serverInfo: unknown,
  ) {
    this.transport = transport;
    transport.onmessage = (message) => this.#receive(message as Record<string, unknown>);
  }

  #receive(message: Record<string, unknown>): void {
    const { id, method } = message;
    if (typeof method !== 'string') {
      this.#pending.get(id as number)?.(message as unknown as RawResponse);
      this.#pending.delete(id as number);
      return;
    }
    if (id === undefined) return; // a notification from the client
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (method === 'initialize') {
      this.initializeParams = params;
      this.#reply(id, {
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: this.serverInfo },
      });
      return;
    }
    const handler = this.handlers[method];
    this.#reply(id, handler ? handler(params) : { error: { code: -32601, message: 'Method not found' } });
  }

  #reply(id: unknown, body: { result: unknown } | { error: unknown }): void {
    void this.transport.send({ jsonrpc: '2.0', id, ...body } as never);
  }

  /** Sends a request to the client; resolves with its raw response. */
  request(method: string, params: unknown): { id: number; response: Promise<RawResponse> } {
    const id = this.#nextId++;
    const response = new Promise<RawResponse>((resolve) => this.#pending.set(id, resolve));
    void this.transport.send({ jsonrpc: '2.0', id, method, params } as never);
    return { id, response };
  }

  elicit(params: unknown): Promise<RawResponse> {
    return this.request('elicitation/create', params).response;
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.transport.send({ jsonrpc: '2.0', method, params } as never);
  }

  completeElicitation(elicitationId: string): Promise<void> {
    return this.notify('notifications/elicitation/complete', { elicitationId });
  }

  /** `notifications/cancelled` for a request this server sent earlier. */
  cancel(requestId: number, reason = 'no longer needed'): Promise<void> {
    return this.notify('notifications/cancelled', { requestId, reason });
  }

  /** Whether a request is still unanswered. */
  isPending(id: number): boolean {
    return this.#pending.has(id);
  }
}

/** A client with elicitkit installed, connected to a fresh raw server. */
export async function connectToRawServer(
  options: InstallElicitationOptions,
  serverInfo: unknown = { name: 'raw-server', title: 'Raw Test Server', version: '1.0.0' },
) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = new RawServer(serverTransport, serverInfo);
  await serverTransport.start();
  const client = new Client({ name: 'elicitkit-test-host', version: '0.0.0' });
  const host = installElicitation(client, options);
  await client.connect(clientTransport);
  return { client, server, host, close: () => client.close() };
}
