import { type Listening, listen } from '@elicitkit/server/http';

/** The page a URL check sends the person to: where it is, and word of its opening. */
export interface CheckupPage {
  url: string;
  /** Resolves when the page is first requested. */
  opened: Promise<void>;
}

const PAGE_PATH = '/checkup/';
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** Pages kept at once; the oldest is forgotten first (a stranger calling the tool again and again spends no more). */
const MAX_PAGES = 64;

const PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>elicitkit doctor: link opened</title>
<style>body{font:1.125rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#0b0c0c}
h1{font-size:1.5rem}</style></head>
<body><main><h1>The link opened</h1>
<p>Your host opened the checkup's link in your browser. Go back to your host: the checkup goes on by itself.</p>
<p>You can close this tab.</p></main></body></html>`;

/**
 * The doctor's own pages for URL checks: one per check run, under `<base>/checkup/<token>`. Served by the doctor's
 * HTTP endpoint when it has one (`fetch`), else on a loopback port of their own, opened on first need.
 */
export class CheckupPages {
  readonly #pages = new Map<string, { opened: Promise<void>; open: () => void }>();
  #base: URL | undefined;
  #listening: Promise<Listening> | undefined;

  /** `base`: the origin the pages are served on (the doctor's HTTP endpoint); none: a loopback port of their own. */
  constructor(base?: URL) {
    this.#base = base;
  }

  /** Serves the pages on `base` from now on (the doctor's HTTP endpoint, once it listens). */
  useOrigin(base: URL): void {
    this.#base = base;
  }

  /** The page of `token`; the same token gives the same page (a 2026-07-28 round asks again with the same URL). */
  async page(token: string): Promise<CheckupPage> {
    if (!TOKEN.test(token)) throw new Error('checkup page token must be 16 to 64 URL-safe characters');
    const base = this.#base ?? (await this.#ownListener()).url;
    return { url: new URL(`${PAGE_PATH.slice(1)}${token}`, base).href, opened: this.#entry(token).opened };
  }

  /** Answers a request for a checkup page; undefined for any other path. */
  fetch = (request: Request): Response | undefined => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(PAGE_PATH)) return undefined;
    const token = pathname.slice(PAGE_PATH.length);
    if (request.method !== 'GET' || !TOKEN.test(token) || !this.#pages.has(token)) {
      return new Response('Not Found', { status: 404 });
    }
    this.#pages.get(token)?.open();
    return new Response(PAGE_HTML, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
  };

  /** Stops the pages' own listener, if one was opened. */
  async close(): Promise<void> {
    const listening = this.#listening;
    this.#listening = undefined;
    if (listening) await (await listening).close();
  }

  #entry(token: string) {
    let entry = this.#pages.get(token);
    if (!entry) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      entry = { opened, open };
      this.#pages.set(token, entry);
      if (this.#pages.size > MAX_PAGES) this.#pages.delete(this.#pages.keys().next().value as string);
    }
    return entry;
  }

  #ownListener(): Promise<Listening> {
    this.#listening ??= listen(
      (request) => this.fetch(request) ?? new Response('Not Found', { status: 404 }),
    );
    return this.#listening;
  }
}
