// @needs chromium, nginx
// Issue 41: the relay in a plain app of one's own, behind Debian's nginx terminating TLS (a certificate made at test
// time). The app sees `http://127.0.0.1:<port>`, the browser `https://localhost:<port>`: without `publicUrl` every
// answer is refused as cross-origin (and the page says so, keeping what was typed); with it, the answer is taken.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRelay } from '@elicitkit/client/relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/listen.js';
import { makeCertificate, type Nginx, startNginx, tlsServer } from '../support/nginx.js';
import { book, bookingAgent } from '../support/relay.js';
import { relayInChromium, userCookie } from '../support/relay-chromium.js';

const rig = relayInChromium();
let dir: string;
let nginx: Nginx | undefined;
let publicOrigin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'elicitkit-relay-proxy-'));
  await makeCertificate(dir);
  const port = await freePort();
  publicOrigin = `https://localhost:${port}`;
  nginx = await startNginx(dir, port, tlsServer(dir, port, `proxy_pass ${rig.origin};`));
}, 60_000);

afterAll(async () => {
  nginx?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Alice's page through the proxy, a question asked on `relay`, and the form she fills in and submits. */
async function answerThroughProxy(relay: ReturnType<typeof createRelay>, basePath: string) {
  const tab = await rig.tabOf('alice', { basePath, at: publicOrigin });
  expect(tab.url().startsWith(`${publicOrigin}/`)).toBe(true);
  const agent = await bookingAgent(relay, 'alice');
  const outcome = book(agent, { signal: AbortSignal.timeout(60_000) });
  const form = tab.locator('elicit-form');
  await form.getByLabel('Name').fill('Ada');
  await form.getByRole('button', { name: 'Review answers' }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  return { form, outcome, agent };
}

describe('the relay behind a TLS-terminating proxy', () => {
  it('with publicUrl (the option the server’s behindProxy takes), the browser’s answer is taken', async () => {
    const basePath = '/public/elicitkit';
    const relay = createRelay({ authenticate: userCookie, basePath, publicUrl: publicOrigin });
    rig.mount(relay, basePath);
    const { outcome, agent } = await answerThroughProxy(relay, basePath);
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    await agent.close();
  });

  it('without it, the answer is refused as cross-origin, and the page says so, keeping what was typed', async () => {
    const basePath = '/plain/elicitkit';
    const relay = createRelay({ authenticate: userCookie, basePath });
    rig.mount(relay, basePath);
    const { form, outcome, agent } = await answerThroughProxy(relay, basePath);
    await form
      .getByText('Your answers were not sent: this page may not answer for the app.', { exact: false })
      .waitFor();
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Ada');
    await agent.close();
    await outcome.catch(() => {});
  });

  it('a publicUrl that is not an origin is refused at once, naming the option', () => {
    expect(() => createRelay({ authenticate: userCookie, publicUrl: 'ftp://example.com' })).toThrow(
      /Invalid option publicUrl: must be an http\(s\) origin/,
    );
  });
});
