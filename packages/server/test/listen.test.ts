import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../src/http/index.js';

const open: Listening[] = [];
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((l) => l.close()));
});

async function started(...args: Parameters<typeof listen>): Promise<Listening> {
  const listening = await listen(...args);
  open.push(listening);
  return listening;
}

describe('listen', () => {
  it('resolves once accepting, on 127.0.0.1 and a free port by default, with the URL to reach it', async () => {
    let seenBindings: object | undefined;
    const listening = await started((request, bindings) => {
      seenBindings = bindings;
      return new Response(`hello ${new URL(request.url).pathname}`);
    });
    expect(listening.port).toBeGreaterThan(0);
    expect(listening.url.href).toBe(`http://127.0.0.1:${listening.port}/`);
    const response = await fetch(new URL('greet', listening.url));
    expect(await response.text()).toBe('hello /greet');
    // The Node request rides along, where hono's getConnInfo (the login throttle's peer address) reads it.
    expect(seenBindings).toHaveProperty('incoming');
  });

  it('rejects with an error naming the address when the port is taken', async () => {
    const first = await started(() => new Response('first'));
    const second = listen(() => new Response('second'), { port: first.port });
    await expect(second).rejects.toMatchObject({
      code: 'EADDRINUSE',
      message: expect.stringContaining(`127.0.0.1:${first.port} is already in use`),
    });
    // The first server is untouched.
    expect(await (await fetch(first.url)).text()).toBe('first');
  });

  it('close() ends idle keep-alive connections instead of waiting for them to time out', async () => {
    const listening = await listen(() => new Response('ok'));
    const agent = new Agent({ keepAlive: true });
    const socket = await new Promise<Socket>((resolve, reject) => {
      const req = httpRequest(listening.url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject);
      req.end();
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(socket.destroyed).toBe(false);
    await listening.close();
    await socketClosed;
    await expect(fetch(listening.url)).rejects.toThrow();
    await expect(listening.close()).resolves.toBeUndefined(); // a second close is harmless
    agent.destroy();
  });
});
