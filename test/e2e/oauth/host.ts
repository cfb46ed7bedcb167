import { type ElicitationHost, installElicitation } from '@elicitkit/client';
import { type ScriptedUI, scriptedUI } from '@elicitkit/client/testing';
import { Client, type JSONRPCMessage, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { capturingTransport } from '../../support/wire-capture.js';

/** The URLs a host's opener was handed, in order; each test hands them to a Chromium page. */
export class OpenedUrls {
  readonly #queue: string[] = [];
  readonly #waiting: ((href: string) => void)[] = [];

  readonly opener = async (href: string): Promise<void> => {
    const waiter = this.#waiting.shift();
    if (waiter) waiter(href);
    else this.#queue.push(href);
  };

  next(timeoutMs = 10_000): Promise<string> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the host opened no URL')), timeoutMs);
      this.#waiting.push((href) => {
        clearTimeout(timer);
        resolve(href);
      });
    });
  }
}

export interface Host {
  client: Client;
  host: ElicitationHost;
  ui: ScriptedUI;
  opened: OpenedUrls;
  wire: JSONRPCMessage[];
  close(): Promise<void>;
}

/**
 * A user's MCP host: the SDK client with the elicitkit pipeline, a scripted UI that consents to URL prompts,
 * and an opener that hands consented URLs over to the test, which opens them in that user's Chromium page.
 */
export async function startHost(mcpUrl: URL, bearer: string): Promise<Host> {
  const wire: JSONRPCMessage[] = [];
  const opened = new OpenedUrls();
  const ui = scriptedUI([], { url: { action: 'consent' } });
  const client = new Client({ name: 'alice-host', version: '1.0.0' });
  const host = installElicitation(client, { ui, opener: opened.opener, rateLimit: false });
  const transport = new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
  });
  await client.connect(capturingTransport(transport, wire));
  return { client, host, ui, opened, wire, close: () => client.close() };
}
