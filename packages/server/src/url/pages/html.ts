import { createHash } from 'node:crypto';

/** Markup that is already safe: built by `html`, never from raw input. */
export class SafeHtml {
  readonly #markup: string;

  constructor(markup: string) {
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Escapes text for HTML content and quoted attributes, dropping control and bidi-override characters. */
export function escapeHtml(text: string): string {
  return text.replace(UNPRINTABLE, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Interpolation = SafeHtml | string | number | undefined | null | false | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: every interpolated value is escaped unless it is `SafeHtml` (all server text is escaped). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}label{display:block;font-weight:600;margin:1rem 0 .3rem}
input[type=password],input[type=text]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1.2rem;font:inherit}.muted{color:#555}.error{color:#a00}
.message{white-space:pre-wrap;border-left:3px solid #ccc;padding-left:.8rem}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** No scripts at all, only our one stylesheet, forms only to ourselves, never framed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The headers of every page that may show or take a secret. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

export interface PageOptions {
  title: string;
  body: SafeHtml;
  status?: number;
  headers?: Record<string, string>;
}

/** A complete HTML response with the security headers. */
export function htmlPage({ title, body, status = 200, headers = {} }: PageOptions): Response {
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head>
<body><main>${body}</main></body></html>`;
  return new Response(document.toString(), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_SECURITY_HEADERS, ...headers },
  });
}
