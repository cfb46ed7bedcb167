import { Hono } from 'hono';

/**
 * A stand-in for the third-party API a real server would call with the user's key: `GET /api/example` answers
 * 200 to `Authorization: Bearer sk-…` (8 or more characters after `sk-`), and 401 to anything else.
 */
export const EXAMPLE_API_PATH = '/api/example';
const VALID_KEY = /^sk-[A-Za-z0-9_-]{8,200}$/;

export function exampleApiRoutes(): Hono {
  const app = new Hono();
  app.get(EXAMPLE_API_PATH, (c) => {
    const key = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    return key && VALID_KEY.test(key) ? c.json({ ok: true }) : c.json({ ok: false }, 401);
  });
  return app;
}

export type ApiCallResult = 'accepted' | 'refused' | 'unsendable' | 'unreachable';

/**
 * Calls the Example API with `key`. The outcome says nothing about the key: errors from `fetch` can quote
 * header values, so none of them is passed on.
 */
export async function callExampleApi(endpoint: URL, key: string): Promise<ApiCallResult> {
  // Visible ASCII only: anything else cannot go in a header, and fetch would throw an error quoting it.
  if (!/^[\x21-\x7e]{1,4096}$/.test(key)) return 'unsendable';
  try {
    const response = await fetch(endpoint, {
      headers: { Authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
    return response.ok ? 'accepted' : 'refused';
  } catch {
    return 'unreachable';
  }
}
