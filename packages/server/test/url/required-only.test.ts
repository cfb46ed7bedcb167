import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { elicitForm, enableElicitation, text } from '../../src/index.js';
import {
  bearerIdentity,
  createUrlMode,
  localIdentity,
  secretKind,
  type UrlElicitationConnection,
  urlElicitationRequired,
} from '../../src/url/index.js';
import { type ElicitationStore, MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';
import { type WireRig, wireRig } from '../hostile/wire-rig.js';

/**
 * E-24: -32042 means "URL elicitation required" and nothing else. Every other way a tool using elicitkit
 * can fail (bad answers, refusals, timeouts, aborts, missing identity, bad requests, the client's own
 * -32042 answer, a store that fails) must reach the client as something else. Tools are registered bare,
 * so whatever they throw reaches the SDK as it is, as in an author's server.
 */

const rigs: WireRig[] = [];
afterEach(async () => {
  await Promise.allSettled(rigs.splice(0).map((r) => r.close()));
});

const NEEDED = { kind: 'secret', message: 'Enter your key.', params: { name: 'k', label: 'Key' } } as const;
const CLIENT_32042 = '{"code":-32042,"message":"URL elicitation required","data":{"elicitations":[]}}';

class FailingStore extends MemoryElicitationStore {
  override async create(): Promise<void> {
    throw new Error('store unavailable');
  }
}

type Tool = (ctx: ServerContext, url: UrlElicitationConnection) => Promise<unknown>;

interface Case {
  tool: Tool;
  /** What the client writes back to an elicitation request (a JSON-RPC error or result member). */
  reply?: string;
  capabilities?: Record<string, unknown>;
  identity?: 'local' | 'none';
  store?: ElicitationStore;
}

async function run(c: Case) {
  const store = c.store ?? new MemoryElicitationStore();
  const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) });
  const elicitations = createUrlMode({
    browserIdentity: () => undefined,
    store,
    publicBaseUrl: 'http://127.0.0.1:9/',
    identity: c.identity === 'none' ? bearerIdentity() : localIdentity('alice'),
    kinds: [secretKind({ vault })],
    logger: { info() {}, warn() {} },
  });
  const server = enableElicitation(new McpServer({ name: 'required-only', version: '1.0.0' }));
  const url = elicitations.attach(server);
  server.registerTool('tool', { description: 'fails one way' }, async (ctx) => {
    await c.tool(ctx, url);
    return { content: [{ type: 'text', text: 'unexpectedly fine' }] };
  });
  const rig = await wireRig(server, c.capabilities);
  rigs.push(rig);
  rig.sentinel = false;
  rig.replies = (id) => (c.reply ? [`{"jsonrpc":"2.0","id":${id},${c.reply}}`] : []);
  const response = (await rig.callRaw('tool')) as {
    result?: { isError?: boolean; content?: Array<{ text: string }> };
    error?: { code: number; data?: { elicitations?: Array<{ mode: string }> } };
  };
  await elicitations.close();
  return response;
}

const formOnly = { elicitation: { form: {} } };
const signalled = () => AbortSignal.abort();

const failures: Array<[string, RegExp, Case]> = [
  [
    'an invalid form answer',
    /does not fit the requested schema/,
    {
      tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() } }),
      reply: '"result":{"action":"accept","content":{"name":42}}',
    },
  ],
  [
    "the client's own -32042 answer to a form",
    /elicitation failed/,
    {
      tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() } }),
      reply: `"error":${CLIENT_32042}`,
    },
  ],
  [
    "the client's own -32042 answer to a URL request",
    /elicitation failed/,
    { tool: (ctx, url) => url.start(ctx, NEEDED), reply: `"error":${CLIENT_32042}` },
  ],
  [
    'a malformed answer to a URL request',
    /elicitation failed/,
    { tool: (ctx, url) => url.start(ctx, NEEDED), reply: '"result":{"action":"complete"}' },
  ],
  [
    'a declined URL request whose completion is awaited',
    /chose decline/,
    {
      tool: async (ctx, url) => (await url.start(ctx, NEEDED)).completion(),
      reply: '"result":{"action":"decline"}',
    },
  ],
  [
    'a secret asked through a form',
    /must not ask for secrets/,
    { tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { password: text() } }) },
  ],
  [
    'a form-only client asked for a URL elicitation (-32042 would be the wrong answer)',
    /This tool needs to send you to a web page, and this client cannot open one/,
    { tool: (ctx, url) => url.require(ctx, NEEDED), capabilities: formOnly },
  ],
  [
    'a client without elicitation asked a form',
    /This tool needs a form, and this client cannot show one/,
    { tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() } }), capabilities: {} },
  ],
  [
    'no verified user',
    /needs a verified user/,
    { tool: (ctx, url) => url.require(ctx, NEEDED), identity: 'none' },
  ],
  [
    'an unknown kind',
    /not registered/,
    { tool: (ctx, url) => url.require(ctx, { ...NEEDED, kind: 'nope' }) },
  ],
  ['an empty list', /at least one/, { tool: (ctx, url) => url.require(ctx, []) }],
  [
    'a non-URL elicitation in the list',
    /must be "url"/,
    {
      tool: async () => {
        throw urlElicitationRequired([{ mode: 'form' } as never]);
      },
    },
  ],
  [
    'a store that fails',
    /store unavailable/,
    { tool: (ctx, url) => url.require(ctx, NEEDED), store: new FailingStore() },
  ],
  [
    'an aborted form',
    /signal passed to elicitForm fired/,
    { tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() }, signal: signalled() }) },
  ],
  [
    'a form timeout',
    /No answer to the elicitation/,
    { tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() }, timeoutMs: 1 }) },
  ],
  [
    'a bad option',
    /Invalid option timeoutMs/,
    { tool: (ctx) => elicitForm(ctx, { message: 'm', schema: { name: text() }, timeoutMs: -1 }) },
  ],
];

describe('[E-24] only "URL elicitation required" yields -32042', () => {
  it.each(failures)('[E-24] %s fails without -32042', async (_, says, c) => {
    const response = await run(c);
    expect(response.result?.content?.[0]?.text).toMatch(says);
    expect(response.error?.code).not.toBe(-32042);
    expect(response.result?.isError).toBe(true);
  });

  it('[E-24] the one path that does: a URL elicitation the request needs, listed in URL mode', async () => {
    const response = await run({ tool: (ctx, url) => url.require(ctx, NEEDED) });
    expect(response.error?.code).toBe(-32042);
    expect(response.error?.data?.elicitations?.map((e) => e.mode)).toEqual(['url']);
  });
});
