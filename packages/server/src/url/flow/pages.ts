import { Hono } from 'hono';
import type { BrowserIdentity } from '../identity/resolver.js';
import { isWellFormedElicitationId } from '../ids.js';
import type { KindPage } from '../kinds/types.js';
import { logRef } from '../log.js';
import { formBodyLimit } from '../pages/form-body-limit.js';
import { sameOriginForms } from '../pages/form-origin.js';
import { html, htmlPage } from '../pages/html.js';
import { pageSecurityHeaders } from '../pages/security-headers.js';
import type { ElicitationRecord } from '../store/types.js';
import { CsrfTokens } from './csrf.js';
import type { UrlElicitationService } from './service.js';

/** The elicitation pages' default bound on a form POST (connect pages included). */
export const DEFAULT_PAGE_MAX_BODY_BYTES = 64 * 1024;

/** Options of {@link createElicitationPages}: the elicitations to serve and who the browser's user is. */
export interface ElicitationPagesOptions {
  elicitations: UrlElicitationService;
  /** E-61: who the browser's user is, from the app's own web session (never from the URL). */
  browserIdentity: BrowserIdentity;
  /** Where to send a browser that is not logged in; gets the path to come back to. Default `/login?next=…`. */
  loginUrl?: (next: string) => string;
  /** Secret for CSRF tokens (32+ bytes), the same on every instance; random per process by default. */
  csrfSecret?: string | Uint8Array;
  /** Largest accepted POST body, chunked or not, in bytes (connect pages included); more answers 413. Default 64 KiB. */
  maxBodyBytes?: number;
}

const defaultLoginUrl = (next: string) => `/login?next=${encodeURIComponent(next)}`;

function notice(title: string, text: string, status: number): Response {
  return htmlPage({ title, status, body: html`<h1>${title}</h1><p>${text}</p>` });
}

const unknownPage = () =>
  notice('Link not found', 'This link is not valid. Go back to your app and start again from there.', 404);

/**
 * The routes behind elicitation URLs, `GET` and `POST /elicit/:id`, as a Hono app; `createUrlMode` mounts them
 * in its `routes` (package-internal).
 */
export function createElicitationPages(options: ElicitationPagesOptions): Hono {
  const { elicitations, browserIdentity } = options;
  const loginUrl = options.loginUrl ?? defaultLoginUrl;
  const csrf = new CsrfTokens(options.csrfSecret);
  const log = elicitations.logger;
  const app = new Hono();

  // Every answer, refusals and the kinds' own pages included, carries the pages' security headers.
  app.use('/elicit/:id', pageSecurityHeaders());
  app.use(
    '/elicit/:id',
    formBodyLimit(options.maxBodyBytes ?? DEFAULT_PAGE_MAX_BODY_BYTES, () =>
      notice('Too large', 'What you sent is too large.', 413),
    ),
  );
  app.post(
    '/elicit/:id',
    sameOriginForms({
      origin: elicitations.publicBaseUrl.origin,
      refused: () => notice('Request refused', 'This form was sent from another site.', 403),
    }),
  );

  app.on(['GET', 'POST'], '/elicit/:id', async (c) => {
    const id = c.req.param('id');
    const method = c.req.method === 'POST' ? 'POST' : 'GET';
    // E-63: the id is the only input taken from the URL; query parameters are ignored, a malformed id is unknown.
    if (!isWellFormedElicitationId(id)) return unknownPage();
    const user = await browserIdentity(c.req.raw);
    if (!user) {
      if (method === 'GET') return c.redirect(loginUrl(new URL(c.req.url).pathname), 303);
      return notice(
        'Please log in',
        'Your session ended. Log in, then open the link from your app again.',
        401,
      );
    }
    const record = await elicitations.get(id);
    if (!record) return unknownPage();
    // E-61, E-62: the browser's user must be the user the elicitation was started for.
    if (record.user !== user) {
      log.warn('elicitation.wrong-user', {
        elicitation: logRef(id),
        boundUser: record.user,
        browserUser: user,
        method,
      });
      return notice(
        'Not your request',
        'This link was created for another account. Nothing was changed. If someone sent you this link, do not use it.',
        403,
      );
    }
    const stopped = stoppedPage(record, elicitations.clock.now());
    if (stopped) return stopped;
    const kind = elicitations.kinds.get(record.kind);
    if (!kind) return notice('Not available', 'This server cannot show this kind of request.', 500);

    let form: Record<string, string> = {};
    if (method === 'POST') {
      const body = await c.req.parseBody();
      const token = typeof body.csrf === 'string' ? body.csrf : undefined;
      if (!csrf.verify(token, id, user)) {
        return notice('Form expired', 'Reload the page and try again.', 403);
      }
      form = Object.fromEntries(
        Object.entries(body).filter(
          (e): e is [string, string] => e[0] !== 'csrf' && typeof e[1] === 'string',
        ),
      );
    }

    const page: KindPage = {
      request: c.req.raw,
      method,
      record,
      user,
      csrfToken: csrf.issue(id, user),
      form,
      complete: () => elicitations.complete(id),
      render: (p) => htmlPage(p),
      log,
    };
    return kind.handle(page);
  });

  return app;
}

function stoppedPage(record: ElicitationRecord, now: number): Response | undefined {
  if (record.status === 'completed') {
    return notice('Already done', 'This step is already complete. You can close this tab.', 410);
  }
  if (record.status === 'expired' || record.expiresAt <= now) {
    return notice('Link expired', 'This link has expired. Go back to your app and start again.', 410);
  }
  return undefined;
}
