// A browser as far as the demo's pages (examples/demo) need one, played with plain fetch and a cookie jar:
// shared by the terminal's demo tests and the client's v1-host tests, which both walk the demo's login and
// secret pages after "Open in browser".

export interface Visit {
  status: number;
  /** Where the browser ended up after following redirects. */
  url: URL;
  text: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/**
 * A browser as far as the demo's pages need one: follows same-origin redirects, keeps cookies (one origin
 * per test server, so no domain or path scoping), sends `Origin` on POSTs, and submits a page's first form
 * with its hidden fields.
 */
export class DemoBrowser {
  readonly #jar = new Map<string, string>();
  /** Every `Set-Cookie` header received, for checking cookie attributes. */
  readonly setCookies: string[] = [];

  async open(url: string | URL, form?: Record<string, string>): Promise<Visit> {
    let target = new URL(url);
    let body = form ? new URLSearchParams(form) : undefined;
    for (let hops = 0; hops < 5; hops++) {
      const headers = new Headers();
      if (this.#jar.size > 0) headers.set('Cookie', [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; '));
      if (body) headers.set('Origin', target.origin);
      const response = await fetch(target, {
        method: body ? 'POST' : 'GET',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      this.#keepCookies(response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { status: response.status, url: target, text: await response.text() };
      }
      await response.body?.cancel();
      const next = new URL(location, target);
      if (next.origin !== target.origin) return { status: response.status, url: next, text: '' };
      target = next;
      body = undefined; // 303 (and a browser after 302): the next request is a GET.
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the first form of `page` with its hidden fields plus `fields`, to its action. */
  submit(page: Visit, fields: Record<string, string>): Promise<Visit> {
    const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(page.text);
    if (!form) throw new Error(`no form on ${page.url.href} (status ${page.status}):\n${page.text}`);
    const action = /\baction="([^"]*)"/.exec(form[1]!)?.[1];
    const hidden = [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)];
    const values = Object.fromEntries(hidden.map(([, name, value]) => [name!, unescapeHtml(value!)]));
    return this.open(new URL(action ? unescapeHtml(action) : '', page.url), { ...values, ...fields });
  }

  /** The `Cookie` header this browser sends, for a page's own `fetch` calls (JSON endpoints). */
  cookieHeader(): string {
    return [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Opens the login page and signs in; ends on the `next` page (`/` by default). */
  async login(base: URL, user: { name: string; password: string }, next?: string): Promise<Visit> {
    const page = await this.open(new URL(next ? `login?next=${encodeURIComponent(next)}` : 'login', base));
    return this.submit(page, { username: user.name, password: user.password });
  }

  /**
   * Opens an elicitation link, signs in when the page asks for it, and enters `secret` on the page it lands
   * on: what a person does after "Open in browser".
   */
  async enterSecret(link: string, user: { name: string; password: string }, secret: string): Promise<Visit> {
    let page = await this.open(link);
    if (page.url.pathname === '/login') {
      page = await this.submit(page, { username: user.name, password: user.password });
    }
    if (page.status !== 200) return page;
    return this.submit(page, { value: secret });
  }

  #keepCookies(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.#jar.delete(name);
      else this.#jar.set(name, value);
    }
  }
}
