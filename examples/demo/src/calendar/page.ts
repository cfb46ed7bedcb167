import type { ServerResponse } from 'node:http';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attributes. */
export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#eef3fb;margin:0}
header{background:#1f5fbf;color:#fff;padding:.8rem 1.5rem;font-weight:600}
main{max-width:26rem;margin:2.5rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}input{width:100%;padding:.45rem;box-sizing:border-box;font:inherit}
button{margin:1rem .5rem 0 0;padding:.45rem 1.1rem;font:inherit}.error{color:#a00}ul{padding-left:1.2rem}`;

/** Sends one page of the provider's site (Example Calendar by default), with its own look (it is not the MCP server). */
export function sendPage(
  res: ServerResponse,
  title: string,
  body: string,
  status = 200,
  site = 'Example Calendar',
): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    // No form-action: the consent form's redirect chain ends at the application's callback, another origin.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeText(title)} · ${escapeText(site)}</title>
<style>${STYLE}</style></head><body><header>${escapeText(site)}</header><main>${body}</main></body></html>`);
}
