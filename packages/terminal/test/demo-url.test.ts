// @needs chromium
// The demo's URL-mode additions (issue 6) end to end: the real demo server process, a real SDK client with
// @elicitkit/client as the host, and a fetch-and-cookie-jar browser on the real pages.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { type ScriptedUI, scriptedUI } from '@elicitkit/client/testing';
import { Client, type JSONRPCMessage, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoBrowser } from '../../../test/support/demo-browser.js';
import { capturingTransport } from '../../../test/support/wire-capture.js';
import { ALICE, BOB, type DemoProcess, startDemoServer } from './helpers/demo.js';

let scratch: string;
/** Created by the demo itself, so its permissions are the demo's doing. */
let dataDir: string;
let demo: DemoProcess;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-demo-url-'));
  dataDir = join(scratch, 'state');
  demo = await startDemoServer(dataDir);
});
afterAll(async () => {
  await demo?.stop();
  await rm(scratch, { recursive: true, force: true });
});

/** A fresh key per run, unlike the example the demo's message shows. */
const newKey = () => `sk-test-${randomBytes(12).toString('hex')}`;

interface Host {
  client: Client;
  ui: ScriptedUI;
  /** Every JSON-RPC message both ways, as sent and received. */
  wire: JSONRPCMessage[];
  /** The next URL the host hands to the system browser. */
  nextLink(): Promise<string>;
  close(): Promise<void>;
}

/** An MCP host as the user runs it: consents to URL prompts; its "browser" only collects the links. */
async function connectHost(token: string): Promise<Host> {
  const client = new Client({ name: 'demo-test-host', version: '1.0.0' });
  const ui = scriptedUI([], { url: { action: 'consent' } });
  const links: string[] = [];
  let taken = 0;
  installElicitation(client, { ui, opener: async (href) => void links.push(href) });
  const wire: JSONRPCMessage[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(demo.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(capturingTransport(transport, wire));
  return {
    client,
    ui,
    wire,
    async nextLink() {
      const deadline = Date.now() + 10_000;
      while (links.length <= taken) {
        if (Date.now() > deadline) throw new Error('the host opened no link');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return links[taken++]!;
    },
    close: () => client.close(),
  };
}

const textOf = (result: { content?: unknown }) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

const initialize = (headers: Record<string, string> = {}) =>
  fetch(demo.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }),
  });

describe('demo server, URL mode', () => {
  it('MCP needs a bearer token: none or an unknown one gets 401', async () => {
    const none = await initialize();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await initialize({ Authorization: 'Bearer demo-mallory' })).status).toBe(401);
    expect((await initialize({ Authorization: `Bearer ${BOB.token}` })).status).toBe(200);
  });

  it('[E-23] [E-37] [E-38] use_api: -32042, Alice enters her key in the browser, the retry succeeds; the key never crosses MCP', async () => {
    const alice = await connectHost(ALICE.token);
    const key = newKey();
    try {
      const call = callToolWithElicitation(alice.client, { name: 'use_api', arguments: {} });
      const link = await alice.nextLink();
      // E-45/E-46: the link is the page and an opaque id, nothing about the user or the session.
      expect(link).toMatch(new RegExp(`^${demo.base.href}elicit/[A-Za-z0-9_-]{43}$`));
      const browser = new DemoBrowser();
      const saved = await browser.enterSecret(link, ALICE, key);
      expect(saved.status).toBe(200);
      expect(saved.text).not.toContain(key);

      const result = await call;
      expect(textOf(result)).toBe('The Example API accepted your key: call succeeded.');
      expect(alice.ui.prompts).toMatchObject([{ url: { href: link } }]);
      const wire = JSON.stringify(alice.wire);
      expect(wire).toContain('-32042');
      expect(wire).toContain('notifications/elicitation/complete');
      expect(wire).not.toContain(key.slice(8));
      // Nor in the server's output, nor in its database in plaintext (the vault encrypts it).
      expect(demo.stdout() + demo.stderr()).not.toContain(key.slice(8));
      for (const file of await readdir(dataDir)) {
        expect((await readFile(join(dataDir, file))).includes(key.slice(8)), file).toBe(false);
      }
    } finally {
      await alice.close();
    }
  });

  it("[E-61] [E-62] set_api_key in-band: Bob's browser gets 403 on Alice's link and changes nothing; Alice completes it", async () => {
    const alice = await connectHost(ALICE.token);
    try {
      let finished = false;
      const call = callToolWithElicitation(alice.client, { name: 'set_api_key', arguments: {} }).finally(
        () => {
          finished = true;
        },
      );
      const link = await alice.nextLink();

      const bob = new DemoBrowser();
      const refused = await bob.enterSecret(link, BOB, newKey());
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Not your request');
      expect(refused.url.pathname).toBe(new URL(link).pathname);
      // The server answered Bob's POST with 403 before this line: had it completed the flow, the tool would
      // have finished first. It finishes only after Alice's own entry, below.
      expect(finished).toBe(false);

      // Alice's own browser, already past Bob: her key replaces the one from the previous test.
      expect((await new DemoBrowser().enterSecret(link, ALICE, 'not-a-valid-key')).status).toBe(200);
      expect(textOf(await call)).toBe(
        'Your Example API key is stored on the server, encrypted. Try use_api.',
      );
      const used = await callToolWithElicitation(alice.client, { name: 'use_api', arguments: {} });
      expect(textOf(used)).toBe('The Example API refused your key. Call set_api_key to enter another one.');
      expect(JSON.stringify(alice.wire)).not.toContain('not-a-valid-key');
    } finally {
      await alice.close();
    }
  });

  it('[E-35] list_calendar_events: -32042 with an oauth link to the demo, whose connect page sends Alice to Example Calendar', async () => {
    const alice = await connectHost(ALICE.token);
    try {
      const call = callToolWithElicitation(alice.client, { name: 'list_calendar_events', arguments: {} });
      call.catch(() => {}); // ends when the host closes, below: the OAuth dance itself is the Chromium suite's
      const link = await alice.nextLink();
      // The link is the demo's own connect route (same-user check first), never the provider's URL.
      expect(link).toMatch(new RegExp(`^${demo.base.href}elicit/[A-Za-z0-9_-]{43}$`));
      const browser = new DemoBrowser();
      await browser.login(demo.base, ALICE);
      const connect = await browser.open(link);
      expect(connect.status).toBe(200);
      expect(connect.text).toContain('Continue to Example Calendar');
      const toProvider = await browser.submit(connect, {});
      const calendarIssuer = /Example Calendar \(third-party OAuth\): (\S+)/.exec(demo.stdout())?.[1];
      expect(toProvider.url.origin).toBe(calendarIssuer);
      expect(toProvider.url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(toProvider.url.searchParams.get('client_id')).toBe('bistro-elicit');
    } finally {
      await alice.close();
    }
  });

  it('declining the consent prompt stores nothing and says so', async () => {
    const bob = await connectHost(BOB.token);
    bob.ui.push({ url: { action: 'decline' } });
    try {
      const result = await callToolWithElicitation(bob.client, { name: 'set_api_key', arguments: {} });
      expect(textOf(result)).toBe('No key stored: you declined.');
    } finally {
      await bob.close();
    }
  });

  it('browser login: HttpOnly SameSite=Lax signed cookie, same-origin next only, wrong password refused', async () => {
    const browser = new DemoBrowser();
    const wrong = await browser.login(demo.base, { name: 'alice', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(browser.setCookies.some((c) => c.startsWith('elicitkit_session='))).toBe(false);

    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const landed = await new DemoBrowser().login(demo.base, ALICE, next);
      expect(landed.url.href, next).toBe(demo.base.href);
      expect(landed.text).toContain('Signed in as <strong>alice</strong>');
    }
    await browser.login(demo.base, ALICE);
    const session = browser.setCookies.find((c) => c.startsWith('elicitkit_session='));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    // Signed: a cookie for another user made by hand is not a session.
    const forged = `elicitkit_session=${Buffer.from(JSON.stringify({ u: 'bob', exp: 9e9 })).toString('base64url')}`;
    const home = await fetch(demo.base, { headers: { Cookie: forged } });
    expect(await home.text()).toContain('Not signed in');
  });

  it('[E-30] keeps its state private: the data directory and its key files are for this user only', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    for (const file of ['vault.key', 'session.key', 'csrf.key', 'elicitkit.db']) {
      expect((await stat(join(dataDir, file))).mode & 0o777, file).toBe(0o600);
    }
  });
});
