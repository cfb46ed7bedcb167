import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sameOriginForms } from '../../src/url/pages/form-origin.js';

const ORIGIN = 'https://mcp.example.com';
const app = new Hono()
  .post('/form', sameOriginForms({ origin: ORIGIN, refused: (c) => c.text('refused', 403) }), (c) =>
    c.text('ok'),
  )
  .post('/own', sameOriginForms({ refused: (c) => c.text('refused', 403) }), (c) => c.text('ok'));
const status = async (headers: Record<string, string>, path = '/form', url = ORIGIN) =>
  (
    await app.request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'a=1',
    })
  ).status;

describe('sameOriginForms (hono/csrf, with our rules for Origin: null and fetch metadata)', () => {
  it('accepts our own origin, with or without fetch metadata', async () => {
    expect(await status({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await status({ origin: ORIGIN })).toBe(200);
  });

  it('accepts Origin: null from our no-referrer pages, when fetch metadata says same-origin or is missing', async () => {
    expect(await status({ origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await status({ origin: 'null' })).toBe(200);
  });

  it('accepts a user-initiated navigation (Sec-Fetch-Site: none)', async () => {
    expect(await status({ 'sec-fetch-site': 'none' })).toBe(200);
  });

  it('accepts a non-browser client that sends neither header (the CSRF token still applies)', async () => {
    expect(await status({})).toBe(200);
  });

  it('refuses another origin, whatever fetch metadata says', async () => {
    expect(await status({ origin: 'https://evil.example' })).toBe(403);
    expect(await status({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await status({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' })).toBe(403);
    expect(await status({ origin: 'https://mcp.example.com.evil.example' })).toBe(403);
  });

  it('refuses Origin: null from a cross-site document (a sandboxed frame on another site), and same-site posts', async () => {
    expect(await status({ origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await status({ origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await status({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await status({ 'sec-fetch-site': 'nonsense' })).toBe(403);
  });

  it("without a configured origin, compares with the request URL's own", async () => {
    expect(await status({ origin: 'http://127.0.0.1:8080' }, '/own', 'http://127.0.0.1:8080')).toBe(200);
    expect(await status({ origin: ORIGIN }, '/own', 'http://127.0.0.1:8080')).toBe(403);
  });
});
