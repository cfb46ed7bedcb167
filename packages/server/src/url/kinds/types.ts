import type { UrlElicitationLogger } from '../log.js';
import type { HtmlContent } from '../pages/html.js';
import type { CompleteOutcome, ElicitationRecord } from '../store/types.js';

/** What a kind's page handler gets once the browser's user was verified to be the bound user (E-61..E-63). */
export interface KindPage {
  request: Request;
  method: 'GET' | 'POST';
  /** Pending, unexpired, bound to `user`. */
  record: ElicitationRecord;
  /** The browser's user, equal to `record.user`. */
  user: string;
  /** Put it in every form as `<input type="hidden" name="csrf">`; POSTs without it never reach the kind. */
  csrfToken: string;
  /** POST body fields (url-encoded or multipart text), CSRF already checked. Empty on GET. */
  form: Record<string, string>;
  /** Completes this elicitation once; the completion notice goes to the initiating client (E-17, E-18). */
  complete(): Promise<CompleteOutcome>;
  /** A full page in the package's layout, with the security headers of every elicitation page. */
  render(page: {
    title: string;
    body: HtmlContent;
    status?: number;
    lang?: string;
    dir?: 'ltr' | 'rtl';
  }): Response;
  log: UrlElicitationLogger;
}

/**
 * One kind of URL elicitation: what its page shows and does. Kinds are registered by name (`secret` here,
 * `oauth` in the third-party OAuth module, app-defined ones such as a payment confirmation).
 */
export interface ElicitationKind {
  readonly name: string;
  /** Checks the kind's parameters when an elicitation starts; returns what is wrong, or undefined. */
  checkParams?(params: Record<string, string>): string | undefined;
  /** Handles `GET` and `POST` of `/elicit/:id`. */
  handle(page: KindPage): Response | Promise<Response>;
}
