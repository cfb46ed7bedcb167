import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientErrorCode, isElicitkitError } from '@elicitkit/client';
import { fileSignInStore, loopbackRedirect } from '@elicitkit/client/node';
import { callbackRedirect, createSignIn, memorySignInStore, signInKey } from '@elicitkit/client/sign-in';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'elicitkit-sign-in-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = { version: 1 as const, server: 'https://mcp.example/mcp' };

describe('fileSignInStore', () => {
  it('writes one record per server, mode 0600 in a 0700 folder, and reads it back', async () => {
    const store = fileSignInStore({ dir });
    await store.update(signInKey('https://mcp.example/mcp#frag'), () => record);
    expect(await store.read(signInKey('https://mcp.example/mcp'))).toEqual(record);
    const names = await readdir(dir);
    expect(names.filter((name) => name.endsWith('.json'))).toHaveLength(1);
    expect((await stat(join(dir, names.find((n) => n.endsWith('.json'))!))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('refuses a record others can read, naming the file and the fix', async () => {
    const store = fileSignInStore({ dir });
    await store.update('k', () => record);
    const names = await readdir(dir);
    const file = join(dir, names.find((n) => n.endsWith('.json'))!);
    await chmod(file, 0o640);
    const error = await store.read('k').catch((caught: unknown) => caught);
    expect(isElicitkitError(error, ClientErrorCode.TokenStoreUnsafe)).toBe(true);
    expect((error as Error).message).toContain(`chmod 600 ${file}`);
  });

  it('keeps an unreadable record aside and reads it as none', async () => {
    const store = fileSignInStore({ dir });
    await store.update('k', () => record);
    const names = await readdir(dir);
    const file = join(dir, names.find((n) => n.endsWith('.json'))!);
    await writeFile(file, '{ torn', { mode: 0o600 });
    expect(await store.read('k')).toBeUndefined();
    expect(await readFile(`${file}.unreadable`, 'utf8')).toBe('{ torn');
  });

  it('serializes read-modify-writes: none is lost', async () => {
    const store = fileSignInStore({ dir });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.update('k', (old) => ({ ...(old ?? record), server: `${old?.server ?? ''}${i},` })),
      ),
    );
    expect((await store.read('k'))?.server.split(',').filter(Boolean)).toHaveLength(20);
  });

  it('holds a sign-in lock against another holder until it is released', async () => {
    const store = fileSignInStore({ dir });
    const release = await store.lock!('k', AbortSignal.timeout(5_000));
    const waiting = store.lock!('k', AbortSignal.timeout(5_000));
    let second = false;
    void waiting.then(() => (second = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    await release();
    await (await waiting)();
  });
});

describe('loopbackRedirect', () => {
  it('listens on 127.0.0.1, hands back only the awaited state, and answers anything else with a page that echoes nothing', async () => {
    const redirect = loopbackRedirect();
    try {
      const url = new URL(await redirect.prepare());
      expect(url.hostname).toBe('127.0.0.1');
      const back = redirect.waitForCallback('s1', AbortSignal.timeout(5_000));
      const stray = await fetch(`${url.href}?state=other&code=c&error_description=%3Cscript%3E`);
      expect(stray.status).toBe(400);
      expect(await stray.text()).not.toContain('<script>');
      expect((await fetch(new URL('/elsewhere', url))).status).toBe(404);
      const page = await fetch(`${url.href}?state=s1&code=abc&iss=https%3A%2F%2Fas.example`);
      expect(await page.text()).toContain('Signed in');
      const params = await back;
      expect(params.get('code')).toBe('abc');
      expect((await fetch(`${url.href}?state=s1&code=again`)).status).toBe(400);
    } finally {
      await redirect.close();
    }
  });

  it('tries the port of the last sign-in first', async () => {
    const first = loopbackRedirect();
    const url = await first.prepare();
    await first.close();
    const second = loopbackRedirect();
    try {
      expect(await second.prepare(url)).toBe(url);
    } finally {
      await second.close();
    }
  });
});

describe('callbackRedirect', () => {
  it('hands a callback to the sign-in waiting for its state, once, and says when none waits', async () => {
    const redirect = callbackRedirect('https://agent.example/oauth/callback');
    expect(await redirect.prepare()).toBe('https://agent.example/oauth/callback');
    const back = redirect.waitForCallback('s1', AbortSignal.timeout(5_000));
    expect(redirect.complete(new URLSearchParams({ state: 'other', code: 'x' }))).toBe(false);
    expect(redirect.complete(new URL('https://agent.example/oauth/callback?state=s1&code=abc'))).toBe(true);
    expect((await back).get('code')).toBe('abc');
    expect(redirect.complete(new URLSearchParams({ state: 's1', code: 'again' }))).toBe(false);
    const stopped = new AbortController();
    const abandoned = redirect.waitForCallback('s2', stopped.signal);
    stopped.abort(new Error('gave up'));
    await expect(abandoned).rejects.toThrow('gave up');
    expect(redirect.complete(new URLSearchParams({ state: 's2', code: 'late' }))).toBe(false);
  });
});

describe('createSignIn', () => {
  it('refuses options that cannot sign anyone in, naming the missing one', () => {
    const base = {
      serverUrl: 'https://mcp.example/mcp',
      store: memorySignInStore(),
      client: { name: 'host' },
    };
    for (const [options, option] of [
      [base, 'redirect'],
      [{ ...base, redirect: loopbackRedirect() }, 'announce'],
      [
        { ...base, client: { name: 'host', grant: { kind: 'client_credentials' as const } } },
        'client.clientId',
      ],
    ] as const) {
      const error = (() => {
        try {
          createSignIn(options);
        } catch (caught) {
          return caught;
        }
      })();
      expect(isElicitkitError(error, ClientErrorCode.InvalidOption) && error.details).toEqual({ option });
    }
  });
});
