/**
 * A minimal browser for the pages: plain fetch, no redirects followed, and a cookie jar keyed by name (one
 * origin per test server, so domain and path scoping are not needed).
 */
export class TestBrowser {
  readonly #jar = new Map<string, string>();

  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#jar.size > 0) headers.set('Cookie', [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body: URLSearchParams | undefined;
    if (init.form) body = new URLSearchParams(init.form);
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '') this.#jar.delete(name);
      else this.#jar.set(name, value);
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.#jar.get(name);
  }

  async login(base: URL, username: string, password: string): Promise<Response> {
    const page = await (await this.request(new URL('login', base))).text();
    return this.request(new URL('login', base), {
      form: { csrf: csrfOf(page), next: '/', username, password },
    });
  }

  /** Opens an elicitation page and submits its form with `value`. */
  async submitSecret(url: string, value: string): Promise<Response> {
    const page = await this.request(url);
    const text = await page.text();
    if (page.status !== 200) return new Response(text, { status: page.status });
    return this.request(url, { form: { csrf: csrfOf(text), value } });
  }
}

export function csrfOf(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('no CSRF token on the page');
  return match[1];
}
