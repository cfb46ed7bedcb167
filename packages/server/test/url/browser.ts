/**
 * A minimal browser for the pages, and for flows that cross origins (the MCP server and an OAuth provider): plain
 * fetch, no redirects followed unless asked, one cookie jar per host (as browsers keep cookies: not per port, so
 * instances of one deployment on 127.0.0.1 share them). The one test browser of the server's tests.
 */
export class TestBrowser {
  readonly #jars = new Map<string, Map<string, string>>();
  /** Every URL this browser requested, in order. */
  readonly visited: string[] = [];

  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    this.visited.push(target.href);
    const jar = this.#jarOf(target.hostname);
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const body = init.form ? new URLSearchParams(init.form) : undefined;
    const response = await fetch(target, {
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
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970.*)\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** A cookie this browser holds, from any host (most tests have one). */
  cookie(name: string): string | undefined {
    for (const jar of this.#jars.values()) if (jar.has(name)) return jar.get(name);
    return undefined;
  }

  #jarOf(host: string): Map<string, string> {
    let jar = this.#jars.get(host);
    if (!jar) {
      jar = new Map();
      this.#jars.set(host, jar);
    }
    return jar;
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

/** The value of the hidden form field `name` on `page`. */
export function hiddenField(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]+)"`).exec(page);
  if (!match?.[1]) throw new Error(`no ${name} field on the page`);
  return match[1];
}

/** The CSRF token of the form on `page`. */
export function csrfOf(page: string): string {
  return hiddenField(page, 'csrf');
}
