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
