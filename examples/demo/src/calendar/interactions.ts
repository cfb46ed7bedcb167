import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import { readForm } from './http-body.js';
import { escapeText, sendPage } from './page.js';
import type { CalendarUser } from './types.js';

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|confirm|abort))?$/;

const digest = (text: string) => createHash('sha256').update(text).digest();

function passwordMatches(user: CalendarUser | undefined, password: string): boolean {
  const expected = digest(user?.password ?? 'example-calendar.no-such-user');
  return timingSafeEqual(digest(password), expected) && user !== undefined;
}

function loginPage(res: ServerResponse, site: string, uid: string, clientName: string, error?: string): void {
  sendPage(
    res,
    'Sign in',
    `<h1>Sign in to ${escapeText(site)}</h1>
<p><strong>${escapeText(clientName)}</strong> wants to use your ${escapeText(site)} account.</p>
${error ? `<p class="error" role="alert">${escapeText(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
    error ? 401 : 200,
    site,
  );
}

function consentPage(
  res: ServerResponse,
  site: string,
  details: InteractionDetails,
  clientName: string,
  user: string,
): void {
  const scope = String(details.params.scope ?? '');
  const wantsEvents = scope.split(' ').includes('calendar.read');
  const wantsMcp = scope.split(' ').includes('mcp');
  sendPage(
    res,
    'Allow access',
    `<h1>Allow access?</h1>
<p>Signed in as <strong>${escapeText(user)}</strong>.</p>
<p><strong>${escapeText(clientName)}</strong> asks to:</p>
<ul>${wantsEvents ? '<li>read your calendar events</li>' : ''}${wantsMcp ? '<li>use its tools as you</li>' : ''}<li>know your ${escapeText(site)} user name</li></ul>
<form method="post" action="/interaction/${details.uid}/confirm"><button type="submit" name="allow">Allow</button></form>
<form method="post" action="/interaction/${details.uid}/abort"><button type="submit" name="deny">Deny</button></form>`,
    200,
    site,
  );
}

/** Everything the consent adds to the user's grant for this client: OIDC scopes, claims and resource scopes. */
async function grantConsent(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId;
  const clientId = details.params.client_id;
  if (!accountId || !clientId) throw new Error('consent without a signed-in user or a client');
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}

/**
 * Example Calendar's own login and consent screens (`/interaction/:uid`), served by the provider's host. Returns
 * false for any other path.
 */
export async function handleInteraction(
  provider: Provider,
  users: Readonly<Record<string, CalendarUser>>,
  req: IncomingMessage,
  res: ServerResponse,
  site = 'Example Calendar',
): Promise<boolean> {
  const match = INTERACTION_PATH.exec(new URL(req.url ?? '/', 'http://calendar.invalid').pathname);
  if (!match) return false;
  const action = match[2];
  let details: InteractionDetails;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    sendPage(
      res,
      'Session expired',
      '<h1>This sign-in expired</h1><p>Go back to the app and start again.</p>',
      400,
      site,
    );
    return true;
  }
  const client = await provider.Client.find(String(details.params.client_id));
  const clientName = client?.clientName ?? client?.clientId ?? 'An application';

  if (req.method === 'GET' && action === undefined) {
    if (details.prompt.name === 'login') loginPage(res, site, details.uid, clientName);
    else consentPage(res, site, details, clientName, details.session?.accountId ?? '');
    return true;
  }
  if (req.method !== 'POST') {
    sendPage(res, 'Not allowed', '<h1>Method not allowed</h1>', 405, site);
    return true;
  }
  const form = await readForm(req);
  if (action === 'login') {
    const username = (form.get('username') ?? '').slice(0, 128);
    if (!passwordMatches(users[username], form.get('password') ?? '')) {
      loginPage(res, site, details.uid, clientName, 'Wrong username or password.');
      return true;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: username } },
      { mergeWithLastSubmission: false },
    );
  } else if (action === 'confirm') {
    const grantId = await grantConsent(provider, details);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } else {
    // The user said no: the app gets `error=access_denied` (RFC 6749 §4.1.2.1).
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user did not allow access.' },
      { mergeWithLastSubmission: false },
    );
  }
  return true;
}
