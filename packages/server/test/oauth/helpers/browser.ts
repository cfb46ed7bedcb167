import { csrfOf, type TestBrowser } from '../../url/browser.js';

/**
 * The OAuth connect flow as a person's browser goes through it: the MCP server's connect page, the provider's
 * login and consent screens, and back to the callback.
 */

function formAction(page: string, suffix: string, base: URL): URL {
  const match = new RegExp(`action="([^"]*/${suffix})"`).exec(page);
  if (!match?.[1]) throw new Error(`no form posting to …/${suffix} on the page:\n${page.slice(0, 600)}`);
  return new URL(match[1], base);
}

export interface ConnectOutcome {
  /** The last page, on the MCP server's origin (the callback) unless the flow stopped earlier. */
  response: Response;
  text: string;
  url: URL;
  /** The authorization request the connect button redirected to. */
  authorizationUrl?: URL;
  /** The provider's redirect back to the callback, as the browser got it. */
  callbackUrl?: URL;
}

export interface ConnectSteps {
  /** Calendar account to sign in with, when the provider asks. */
  account?: { username: string; password: string };
  decision?: 'allow' | 'deny';
  /** Rewrites the callback URL before the browser follows it (an attacker in the middle, a tampered link). */
  tamper?: (callback: URL) => URL;
  /** Stop before following the callback. */
  stopAtCallback?: boolean;
}

interface Position {
  response: Response;
  url: URL;
  /** Set when the next redirect goes back to the MCP server: the provider's authorization response. */
  callback?: URL;
}

/** Follows redirects on the provider's side; stops before the one back to `home`. */
async function followUntil(
  browser: TestBrowser,
  url: URL,
  home: string,
  form?: Record<string, string>,
): Promise<Position> {
  let position: Position = { response: await browser.request(url, form && { form }), url };
  for (let hops = 0; position.response.status >= 300 && position.response.status < 400; hops++) {
    if (hops > 10) throw new Error('too many redirects');
    const next = new URL(position.response.headers.get('location') ?? '', position.url);
    if (next.origin === home) return { ...position, callback: next };
    position = { response: await browser.request(next), url: next };
  }
  return position;
}

/**
 * Opens an elicitation URL, presses "Continue" and goes through the provider's login and consent screens, back
 * to the MCP server's callback.
 */
export async function connectThroughProvider(
  browser: TestBrowser,
  elicitationUrl: string,
  steps: ConnectSteps = {},
): Promise<ConnectOutcome> {
  const home = new URL(elicitationUrl).origin;
  const page = await browser.request(elicitationUrl);
  const text = await page.text();
  if (page.status !== 200) return { response: page, text, url: new URL(elicitationUrl) };
  const start = await browser.request(elicitationUrl, { form: { csrf: csrfOf(text) } });
  if (start.status !== 303)
    return { response: start, text: await start.text(), url: new URL(elicitationUrl) };
  const authorizationUrl = new URL(start.headers.get('location') ?? '');
  let position = await followUntil(browser, authorizationUrl, home);
  for (let screens = 0; !position.callback; screens++) {
    const body = await position.response.text();
    if (screens < 4 && body.includes('/login"')) {
      const account = steps.account ?? { username: 'alice', password: 'alice-calendar-pass' };
      position = await followUntil(browser, formAction(body, 'login', position.url), home, account);
    } else if (screens < 4 && body.includes('/confirm"')) {
      const suffix = steps.decision === 'deny' ? 'abort' : 'confirm';
      position = await followUntil(browser, formAction(body, suffix, position.url), home, {});
    } else {
      return { response: position.response, text: body, url: position.url, authorizationUrl };
    }
  }
  const callbackUrl = position.callback;
  const target = steps.tamper ? steps.tamper(new URL(callbackUrl)) : callbackUrl;
  if (steps.stopAtCallback)
    return { response: position.response, text: '', url: position.url, authorizationUrl, callbackUrl };
  const response = await browser.request(target);
  return { response, text: await response.text(), url: target, authorizationUrl, callbackUrl };
}
