import { RefusedError } from '@elicitkit/core';
import type { HandlerContext } from '../sdk/seam.js';
import { UrlErrorCode } from '../url/errors.js';
import type { UrlElicitationLogger } from '../url/log.js';

/**
 * URL mode as the era deliveries (`url-2025.ts`, `url-2026.ts`) see it. Delivery speaks the wire; who the user is,
 * what is stored and how a page completes stay in `url/`, which hands each delivery a {@link UrlFlows} for the
 * calling connection. So `delivery/` never imports URL mode's service, handle or pages (the import-graph test
 * holds it to that).
 */

/** What a tool asks for: which page, what to tell the user, and the kind's non-secret parameters. */
export interface UrlElicitationRequest {
  kind: string;
  /** Shown by the client before consent and on the page. */
  message: string;
  params?: Record<string, string>;
  /** How long the URL stays usable; default the `ttlMs` of `createUrlMode`. */
  ttlMs?: number;
}

/** The user's answer to the consent prompt; `accept` is consent, not completion (E-16). */
export interface StartedUrlElicitation {
  action: 'accept' | 'decline' | 'cancel';
  elicitationId: string;
  url: string;
  /**
   * Resolves when the out-of-band part is done (the page completed it). Rejects when the elicitation expires,
   * was declined or cancelled, or the tool call (or `signal`) is cancelled.
   */
  completion(options?: { signal?: AbortSignal }): Promise<void>;
}

/** A pending flow just stored: what goes on the wire about it. */
export interface CreatedUrlFlow {
  id: string;
  message: string;
  /** `<publicBaseUrl>/elicit/<id>`, checked as hosts check it. */
  url: string;
  /** How long the URL stays usable. */
  ttlMs: number;
}

/** The records side of URL mode for one attached connection; `url/flow/connection-handle.ts` makes it. */
export interface UrlFlows {
  readonly logger: UrlElicitationLogger;
  /** 2026-07-28 (M-17): how long a retry is held while its flows are pending. */
  readonly holdMs: number;
  /** Checks a request against the registered kinds before anything is claimed or stored. */
  check(request: UrlElicitationRequest): void;
  /**
   * Stores the pending record of `request`, bound to the verified user and this connection (E-28, E-40), or on
   * 2026-07-28 to the flow `flowId` (M-17). The delivery has passed the capability gate before.
   */
  create(ctx: HandlerContext, request: UrlElicitationRequest, flowId?: string): Promise<CreatedUrlFlow>;
  /** The URL of flow `id`. */
  urlOf(id: string): string;
  /** Withdraws a pending flow: its URL stops working at once. */
  expire(id: string): Promise<unknown>;
  /** Resolves when `id` completes; rejects when it expires, was withdrawn, is unknown, or `signal` fires. */
  waitForCompletion(id: string, options: { signal?: AbortSignal }): Promise<void>;
  /** Whether `id` completed; throws `elicitation-not-found` or `elicitation-expired` when it never will. */
  status(id: string): Promise<'completed' | 'pending'>;
}

/** The completion of a flow the user declined or dismissed: there is none to wait for. */
export function declined(action: 'decline' | 'cancel'): Promise<never> {
  return Promise.reject(
    new RefusedError(
      UrlErrorCode.ElicitationDeclined,
      `elicitation: the user chose ${action}, so there is no completion to wait for`,
      { details: { action } },
    ),
  );
}
