/**
 * The bridge beside the proxies people run today, on the same pass-through work, in one run (issue 40). One sample is
 * one `tools/call` answering one form pushed on 2025-11-25, by a v1 SDK 1.32 host that keeps its connection:
 *   stdio host → HTTP upstream   direct: the host on the upstream's Streamable HTTP endpoint. Through a process the
 *                                host spawns: mcp-remote 0.15, and `elicit bridge --stdio`.
 *   HTTP host → stdio upstream   direct: the host spawning the upstream on stdio. Through a process serving Streamable
 *                                HTTP: supergateway 4.0 (`--stateful`, which pushing a form needs), and
 *                                `elicit bridge --port 0 -- <upstream>`.
 * Added p50 and p99 against the direct connection, and the bridge's over the peer's. Batches interleave, the order
 * turning every batch. mcp-remote and supergateway come from tools/reference-servers (`npm run tools:install`); the
 * bridge from the build (`npm run build`).
 * Run: node --conditions=@elicitkit/source --import tsx bench/bridge/peers.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { freePort } from '../../test/support/listen.js';
import { installTool } from '../../test/support/tool-install.js';
import { answerFor, contactSchema } from '../server-form/contact.js';
import { type PeerProcess, startPeerProcess } from './peer-process.js';

const ANSWER = answerFor(contactSchema(0));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ELICIT = [process.execPath, here('../../packages/terminal/bin/elicit.js')];
const TSX = [process.execPath, '--import', 'tsx'];
const STDIO_UPSTREAM = [...TSX, here('./upstream-stdio.ts')];
const tools = join(await installTool('reference-servers'), 'node_modules');
const MCP_REMOTE = [process.execPath, join(tools, 'mcp-remote/dist/proxy.js')];
const SUPERGATEWAY = [process.execPath, join(tools, 'supergateway/dist/index.js')];
// mcp-remote keeps its sign-in state there; nothing is signed in to, and nothing left behind.
const scratch = await mkdtemp(join(tmpdir(), 'bench-peers-'));

interface Host {
  call(): Promise<unknown>;
  close(): Promise<void>;
}

async function host(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Host> {
  const client = new Client(
    { name: 'bench-host-2025', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: ANSWER }) as never);
  await client.connect(transport);
  return { call: () => client.callTool({ name: 'ask', arguments: {} }), close: () => client.close() };
}

const spawned = ([command, ...args]: string[]) =>
  host(
    new StdioClientTransport({
      command: command!,
      args,
      env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: scratch },
      stderr: 'ignore',
    }),
  );
const overHttp = (url: URL) => host(new StreamableHTTPClientTransport(url));

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

/** Interleaved batches of each host; the first two batches warm up. */
async function measure(
  hosts: Record<string, Host>,
  batches = 22,
  batch = 20,
): Promise<Record<string, number[]>> {
  const names = Object.keys(hosts);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let b = 0; b < batches; b++) {
    const order = names.map((_, i) => names[(i + b) % names.length]!);
    for (const name of order) {
      for (let i = 0; i < batch; i++) {
        const start = process.hrtime.bigint();
        await hosts[name]!.call();
        if (b >= 2) times[name]!.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
  }
  return times;
}

function report(work: string, times: Record<string, number[]>, peer: string) {
  const ms = (v: number) => v.toFixed(2);
  const at = (name: string, q: number) => quantile(times[name]!, q);
  const added = (name: string, q: number) => at(name, q) - at('direct', q);
  for (const name of [peer, 'bridge']) {
    console.log(
      `${work}, ${name}: added p50 ${ms(added(name, 0.5))} ms (${ms(at(name, 0.5))} vs ${ms(at('direct', 0.5))} direct), ` +
        `p99 ${ms(added(name, 0.99))} ms (${ms(at(name, 0.99))} vs ${ms(at('direct', 0.99))}); ${times[name]!.length} calls`,
    );
  }
  console.log(
    `${work}: bridge/${peer} p50 ${(at('bridge', 0.5) / at(peer, 0.5)).toFixed(2)}×, ` +
      `p99 ${(at('bridge', 0.99) / at(peer, 0.99)).toFixed(2)}× (whole round trip, same run)`,
  );
}

const processes: PeerProcess[] = [];
try {
  // stdio host → HTTP upstream: the v1 server of upstream.ts, in its own process.
  const upstream = await startPeerProcess(
    [...TSX, '--conditions=@elicitkit/source', here('./upstream.ts')],
    'json',
  );
  processes.push(upstream);
  const httpUpstream = (JSON.parse(upstream.firstLine) as { v1: string }).v1;
  const toHttp = {
    direct: await overHttp(new URL(httpUpstream)),
    'mcp-remote': await spawned([...MCP_REMOTE, httpUpstream, '--allow-http', '--transport', 'http-only']),
    bridge: await spawned([...ELICIT, 'bridge', '--stdio', httpUpstream]),
  };
  report('stdio host → HTTP upstream', await measure(toHttp), 'mcp-remote');
  for (const h of Object.values(toHttp)) await h.close();

  // HTTP host → stdio upstream.
  const port = await freePort();
  const gateway = await startPeerProcess(
    [
      ...SUPERGATEWAY,
      '--stdio',
      STDIO_UPSTREAM.join(' '),
      '--outputTransport',
      'streamableHttp',
      '--stateful',
      '--port',
      String(port),
      '--logLevel',
      'none',
    ],
    { port },
  );
  processes.push(gateway);
  const bridge = await startPeerProcess(
    [...ELICIT, 'bridge', '--port', '0', '--', ...STDIO_UPSTREAM],
    'endpoint',
  );
  processes.push(bridge);
  const toStdio = {
    direct: await spawned(STDIO_UPSTREAM),
    supergateway: await overHttp(new URL(`http://127.0.0.1:${gateway.port}/mcp`)),
    bridge: await overHttp(new URL(bridge.firstLine.replace(/^MCP endpoint: /, ''))),
  };
  report('HTTP host → stdio upstream', await measure(toStdio), 'supergateway');
  for (const h of Object.values(toStdio)) await h.close();
} finally {
  for (const peer of processes) await peer.stop();
  await rm(scratch, { recursive: true, force: true });
}
process.exit(0);
