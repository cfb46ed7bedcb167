import { UsageError } from '@elicitkit/core';
import type { ElicitRequestURLParams } from '@modelcontextprotocol/server';
import { UrlElicitationRequiredError } from '../sdk/protocol.js';
import type { CallSeam, ElicitAnswer, HandlerContext, ServerSeam } from '../sdk/seam.js';
import { UrlErrorCode } from '../url/errors.js';
import { logRef } from '../url/log.js';
import { checkedUrl } from '../url/public-url.js';
import { assertAvailableIn } from './capabilities.js';
import type { RequestScope } from './scope.js';
import {
  type CreatedUrlFlow,
  declined,
  type StartedUrlElicitation,
  type UrlElicitationRequest,
  type UrlFlows,
} from './url-flows.js';

/**
 * URL mode on a 2025-11-25 connection: `elicitation/create` in mode `url` from inside the tool handler, which awaits
 * the user's consent; the completion notice to the initiating client; and `-32042` for a request that cannot go on
 * until flows complete. Its 2026-07-28 sibling is `url-2026.ts`.
 */

function withoutCredentials(flow: CreatedUrlFlow): ElicitRequestURLParams {
  // E-14: mode, message, url, elicitationId; E-45/E-46: the URL carries the id only.
  return { mode: 'url', message: flow.message, url: flow.url, elicitationId: flow.id };
}

async function create(
  ctx: HandlerContext,
  scope: RequestScope,
  flows: UrlFlows,
  request: UrlElicitationRequest,
): Promise<CreatedUrlFlow> {
  // The package's one capability gate (E-09): url mode only to clients that declared it, nothing stored or sent
  // otherwise.
  assertAvailableIn(ctx, scope, 'url');
  return flows.create(ctx, request);
}

/**
 * Sends `elicitation/create` in URL mode on the tool call's own stream and resolves with the user's consent
 * decision; `completion()` of the result waits for the page.
 */
export async function startUrlOnSession(
  ctx: HandlerContext,
  scope: RequestScope,
  flows: UrlFlows,
  request: UrlElicitationRequest,
): Promise<StartedUrlElicitation> {
  const flow = await create(ctx, scope, flows, request);
  const call = scope.call;
  let result: ElicitAnswer;
  try {
    // Through the seam: on the call's own stream, typed errors, progress while the person decides.
    result = await call.elicit({ ...withoutCredentials(flow) }, { timeoutMs: flow.ttlMs, mode: 'url' });
  } catch (error) {
    await flows.expire(flow.id);
    throw error;
  }
  const action = result.action;
  if (action !== 'accept') {
    // Declined or dismissed: the URL stops working at once.
    await flows.expire(flow.id);
    flows.logger.info('elicitation.not-consented', { elicitation: logRef(flow.id), action });
  }
  return {
    action,
    elicitationId: flow.id,
    url: flow.url,
    completion: (options = {}) =>
      action === 'accept'
        ? keptAlive(call, () => flows.waitForCompletion(flow.id, { signal: options.signal ?? call.signal }))
        : declined(action),
  };
}

/** Waits for a person at a page with progress going out meanwhile (when the call asked for it). */
async function keptAlive(call: CallSeam, wait: () => Promise<void>): Promise<void> {
  const done = new AbortController();
  call.keepAlive(done.signal);
  try {
    await wait();
  } finally {
    done.abort();
  }
}

/** Creates the flows a request needs and throws `-32042` listing them (E-23, E-38). */
export async function requireUrlOnSession(
  ctx: HandlerContext,
  scope: RequestScope,
  flows: UrlFlows,
  list: readonly UrlElicitationRequest[],
  message: string | undefined,
): Promise<never> {
  const created = [];
  for (const request of list) created.push(await create(ctx, scope, flows, request));
  // Thrown for the client to receive as JSON-RPC -32042, on either SDK (the seam lets it through v1's McpServer).
  throw scope.call.throwing(urlElicitationRequired(created.map(withoutCredentials), message));
}

/**
 * `notifications/elicitation/complete` to the connection chosen by URL mode (E-17, E-18); E-19: it carries the
 * original `elicitationId`.
 */
export async function sendCompletionNotice(server: ServerSeam, elicitationId: string): Promise<void> {
  await server.notify('notifications/elicitation/complete', { elicitationId });
}

/**
 * The `-32042` error for a request that cannot proceed until URL elicitations complete (E-23, E-38), after
 * checking the list: E-25 every needed elicitation listed (non-empty), E-26 each one URL mode with an
 * `elicitationId`, E-15/E-48 a URL every elicitkit host accepts (core's `analyzeUrl`: https, http only to
 * loopback hosts, no hidden characters), sent in the normalized form hosts show. Throw the result from a tool
 * handler; the SDK passes it to the client as is.
 * E-24: this is the only way this package makes a -32042, and it can only carry URL elicitations.
 */
export function urlElicitationRequired(
  elicitations: readonly ElicitRequestURLParams[],
  message = 'This request needs you to complete a step in your browser first.',
): UrlElicitationRequiredError {
  if (!Array.isArray(elicitations) || elicitations.length === 0) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      'urlElicitationRequired: data.elicitations must list at least one elicitation',
    );
  }
  const checked = elicitations.map((e, i) => {
    const where = `data.elicitations[${i}]`;
    if (e?.mode !== 'url')
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.mode: must be "url"`);
    if (typeof e.elicitationId !== 'string' || e.elicitationId.length === 0) {
      throw new UsageError(
        UrlErrorCode.InvalidElicitation,
        `${where}.elicitationId: required, a non-empty string`,
      );
    }
    const url = checkedUrl(e.url, `${where}.url`);
    if (typeof e.message !== 'string' || e.message.length === 0) {
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.message: required, a non-empty string`);
    }
    return { mode: e.mode, elicitationId: e.elicitationId, url, message: e.message };
  });
  return new UrlElicitationRequiredError(checked, message);
}
