import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, describe, expect, it } from 'vitest';
import { enableElicitation } from '../../src/index.js';
import { createUrlMode, localIdentity, secretKind, type UrlElicitations } from '../../src/url/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';
import { type WireRig, wireRig } from '../hostile/wire-rig.js';

const INSTANCES = 4;
const CONNECTIONS_PER_INSTANCE = 4;
const CALLS_PER_CONNECTION = 64;

// One store shared by every instance, as several server processes share one Redis.
const store = new MemoryElicitationStore();
const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) });
const instances: UrlElicitations[] = [];
const rigs: WireRig[] = [];

afterAll(async () => {
  await Promise.allSettled(rigs.map((r) => r.close()));
  await Promise.allSettled(instances.map((i) => i.close()));
});

async function connection(instance: UrlElicitations): Promise<WireRig> {
  const server = enableElicitation(new McpServer({ name: 'ids', version: '1.0.0' }));
  const url = instance.attach(server);
  server.registerTool('need', { description: 'needs a URL elicitation' }, (ctx) =>
    url.require(ctx, {
      kind: 'secret',
      message: 'Enter your key.',
      params: { name: 'k', label: 'Key' },
    }),
  );
  const rig = await wireRig(server);
  rigs.push(rig);
  return rig;
}

describe('[E-14] elicitation ids', () => {
  it('[E-14] stay distinct and opaque across many concurrent elicitations on several instances', async () => {
    for (let i = 0; i < INSTANCES; i++) {
      instances.push(
        createUrlMode({
          browserIdentity: () => undefined,
          store,
          publicBaseUrl: `http://127.0.0.1:${9000 + i}/`,
          identity: localIdentity(`user${i}`),
          kinds: [secretKind({ vault })],
          logger: { info() {}, warn() {} },
        }),
      );
    }
    const connections = await Promise.all(
      instances.flatMap((instance) =>
        Array.from({ length: CONNECTIONS_PER_INSTANCE }, () => connection(instance)),
      ),
    );
    const responses = await Promise.all(
      connections.flatMap((rig) => Array.from({ length: CALLS_PER_CONNECTION }, () => rig.callRaw('need'))),
    );
    const listed = responses.flatMap(
      (r) =>
        (r as { error?: { code: number; data: { elicitations: { elicitationId: string; url: string }[] } } })
          .error?.data.elicitations ?? [],
    );
    const total = INSTANCES * CONNECTIONS_PER_INSTANCE * CALLS_PER_CONNECTION;
    expect(listed).toHaveLength(total);
    const ids = listed.map((e) => e.elicitationId);
    expect(new Set(ids).size).toBe(total);
    expect(new Set(listed.map((e) => e.url)).size).toBe(total);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Each id is its own record, bound to the user of the instance that minted it.
    const records = await Promise.all(ids.map((id) => store.get(id)));
    expect(records.every((r, i) => r?.id === ids[i])).toBe(true);
    expect(new Set(records.map((r) => r?.user))).toEqual(new Set(['user0', 'user1', 'user2', 'user3']));
  });
});
