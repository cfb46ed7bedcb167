import { CONTENT_SECURITY_POLICY, html, htmlPage, type SafeHtml } from '../../url/pages/html.js';

/** A page of this module in the package's layout, with the security headers of every elicitation page. */
export function oauthPage(
  title: string,
  body: SafeHtml,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return htmlPage({ title, body, status, headers });
}

/** A short notice: what happened, and what the user can do now. */
export function noticePage(title: string, text: string, status: number, retryUrl?: string): Response {
  return oauthPage(
    title,
    html`<h1>${title}</h1><p>${text}</p>${retryUrl ? html`<p><a href="${retryUrl}">Try again</a></p>` : ''}`,
    status,
  );
}

/**
 * The package's page policy, except that forms may also go to `origin`: the connect button posts to this server,
 * which answers with a redirect to the provider, and browsers check `form-action` along that redirect.
 */
export function policyAllowingFormsTo(origin: string): string {
  return CONTENT_SECURITY_POLICY.split('; ')
    .map((directive) => (directive.startsWith('form-action ') ? `${directive} ${origin}` : directive))
    .join('; ');
}

/**
 * A page whose forms post to this origin from a real browser. Browsers send `Origin: null` on a POST from a
 * `no-referrer` document (Fetch, "serialize a request origin"), which the pages app refuses as cross-site;
 * `same-origin` still keeps every referrer from leaving this origin, and lets the POST carry its origin.
 */
export async function withSameOriginReferrer(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set('Referrer-Policy', 'same-origin');
  const body = (await response.text()).replace(
    '<meta name="referrer" content="no-referrer">',
    '<meta name="referrer" content="same-origin">',
  );
  return new Response(body, { status: response.status, headers });
}
