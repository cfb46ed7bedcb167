import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

/** Where `npm run build` puts the page (vite, from examples/demo/web-host). */
export const WEB_HOST_DIR = fileURLToPath(new URL('../../dist/host-page/', import.meta.url));
export const WEB_HOST_PATH = '/host/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The browser MCP host page and its assets. The page is an MCP client of this same origin's `/mcp`;
 * its policy allows scripts and connections to this origin only, and no framing (E-53: it opens
 * consented pages in new tabs, never in a frame it could read).
 */
export function webHostRoutes(dir = WEB_HOST_DIR): Hono {
  const app = new Hono();
  const headers = (type: string) => ({
    'content-type': type,
    'content-security-policy':
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
  app.get('/host', (c) => c.redirect(WEB_HOST_PATH));
  app.get('/host/*', async (c) => {
    const rest = c.req.path.slice(WEB_HOST_PATH.length) || 'index.html';
    const file = normalize(join(dir, rest));
    const type = TYPES[extname(file)];
    if (!file.startsWith(dir) || !type) return c.notFound();
    try {
      return c.body(await readFile(file), 200, headers(type));
    } catch {
      return c.text(
        rest === 'index.html' ? 'The web host is not built: run "npm run build".' : 'Not found',
        404,
      );
    }
  });
  return app;
}
