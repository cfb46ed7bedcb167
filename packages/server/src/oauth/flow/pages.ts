import { type HtmlContent, html, htmlPage } from '../../url/pages/html.js';
import { contentSecurityPolicy } from '../../url/pages/security-headers.js';

/** A page of this module in the package's layout, with the security headers of every elicitation page. */
export function oauthPage(
  title: string,
  body: HtmlContent,
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
  return contentSecurityPolicy([origin]);
}
