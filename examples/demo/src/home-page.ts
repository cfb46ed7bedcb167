import { html, htmlPage } from '@elicitkit/server/url';

/** Where `/login` lands without a `next`: who is signed in, and what the pages here are for. */
export function homePage(user: string | undefined): Response {
  return htmlPage({
    title: 'Bistro Elicit',
    body: html`<h1>Bistro Elicit</h1>
${
  user
    ? html`<p>Signed in as <strong>${user}</strong>.</p>
<form method="post" action="logout"><button type="submit">Sign out</button></form>`
    : html`<p>Not signed in. <a href="login">Sign in</a></p>`
}
<p class="muted">The pages of this demo open from your MCP client: call <code>use_api</code> or
<code>set_api_key</code> in <code>elicit</code>, then open the link it shows.</p>`,
  });
}
