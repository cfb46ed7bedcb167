import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** hono's `html` tagged template: every interpolated value is escaped unless it is itself `html` (or `raw`). */
export { html };

/** What `html` returns: markup that is safe to send (a promise only when a promise was interpolated). */
export type HtmlContent = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}label{display:block;font-weight:600;margin:1rem 0 .3rem}
input[type=password],input[type=text],input[type=email],input[type=url],input[type=date]{width:100%;padding:.5rem;
font:inherit;box-sizing:border-box;border:2px solid #555}
button{margin-top:1rem;padding:.5rem 1.2rem;font:inherit}.muted{color:#555}.error{color:#a00;font-weight:600}
.message{white-space:pre-wrap;border-left:3px solid #ccc;padding-left:.8rem}
fieldset{border:0;padding:0;margin:1rem 0 0}legend{font-weight:600;padding:0}.hint{color:#555;margin:.2rem 0}
label.check{font-weight:400;display:flex;gap:.5rem;align-items:center;margin:.4rem 0}
label.check input{width:1.4rem;height:1.4rem;margin:0}
.field.invalid{border-left:4px solid #a00;padding-left:.8rem}.field.invalid input{border-color:#a00}
.error-summary{border:4px solid #a00;padding:0 1rem 1rem}.error-summary h2{font-size:1.2rem}
.error-summary a{color:#a00;font-weight:600}:focus-visible{outline:3px solid #fd0;outline-offset:0}`;

/** The CSP allows this one stylesheet by hash, and nothing else. */
export const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * Control and bidi-override characters, dropped from every page: text from a tool or a provider must not reorder
 * what the user reads (`\u202egnp.exe`). hono's escaping leaves them in; tab and newline stay.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const printable = (markup: HtmlEscapedString) => String(markup).replace(UNPRINTABLE, '');

/** What {@link htmlPage} renders: the title, the body (hono `html` content, escaped), and the response's status and extra headers. */
export interface PageOptions {
  /** The page's `<title>` and heading. */
  title: string;
  /** The page's content, made with `html` (interpolations are escaped). */
  body: HtmlContent;
  /** Default 200. */
  status?: number;
  /** Added to the response (the security headers come from `pageSecurityHeaders()`). */
  headers?: Record<string, string>;
  /** The page's language (a BCP 47 tag) and writing direction. Default `en`, `ltr`. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * A complete HTML page in the package's layout. Its security headers (CSP, no-store, no framing…) come from
 * `pageSecurityHeaders()`, which every route of the package runs; a page served elsewhere needs it too.
 */
export function htmlPage({
  title,
  body,
  status = 200,
  headers = {},
  lang = 'en',
  dir = 'ltr',
}: PageOptions): Response {
  const document = html`<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main></body></html>`;
  return new Response(document instanceof Promise ? streamOf(document) : printable(document), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}

function streamOf(document: Promise<HtmlEscapedString>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(printable(await document)));
      controller.close();
    },
  });
}
