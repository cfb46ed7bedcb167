import { isJsonObject, PeerError, RefusedError } from '@elicitkit/core';
import type { CompletionTracker } from '../completion/completion-tracker.js';
import { ClientErrorCode } from '../errors.js';
import { displayMessage } from '../host/requester.js';
import type { PromptSurface } from '../host/surface.js';
import { type ParsedUrlElicitation, parseUrl } from '../pipeline/parse-request.js';
import type { UrlConsent } from '../pipeline/url-consent.js';
import { ManualControls } from '../rounds/manual-controls.js';

/** JSON-RPC -32042, `URLElicitationRequiredError` (E-23). */
const URL_ELICITATION_REQUIRED = -32042;
/** More than this many URL flows for one call is not a plausible need but a way to flood the user. */
const MAX_REQUIRED_ELICITATIONS = 20;

/** A -32042 error from either SDK (v2 `ProtocolError`, v1 `McpError`): both carry the JSON-RPC `code` and `data`. */
export interface UrlElicitationRequired {
  code: typeof URL_ELICITATION_REQUIRED;
  data?: unknown;
}

/** Whether a call failed with -32042. */
export function isUrlElicitationRequired(error: unknown): error is Error & UrlElicitationRequired {
  return error instanceof Error && (error as { code?: unknown }).code === URL_ELICITATION_REQUIRED;
}

/** What the -32042 loop needs of its host. */
export interface UrlRequiredParts {
  surface: PromptSurface;
  urlConsent: UrlConsent;
  tracker: CompletionTracker;
  allowInsecureHttp: boolean;
}

/**
 * Reads `data.elicitations` of a -32042 error: a non-empty list (E-25) of URL-mode requests, each with an
 * `elicitationId` (E-26), each URL passing `analyzeUrl`. Anything else is a typed error; nothing is shown.
 */
export function parseUrlRequired(
  error: Error & UrlElicitationRequired,
  options: { allowInsecureHttp: boolean },
): ParsedUrlElicitation[] {
  const invalid = (message: string) =>
    new PeerError(ClientErrorCode.InvalidUrlRequiredData, `-32042 error: ${message}`, { cause: error });
  const data: unknown = error.data;
  const list = isJsonObject(data) ? data.elicitations : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalid('data.elicitations must be a non-empty list of URL-mode elicitations');
  }
  if (list.length > MAX_REQUIRED_ELICITATIONS) {
    throw invalid(
      `data.elicitations lists ${list.length} elicitations; at most ${MAX_REQUIRED_ELICITATIONS} are accepted`,
    );
  }
  const seen = new Set<string>();
  return list.map((item: unknown, index) => {
    const at = `data.elicitations[${index}]`;
    if (!isJsonObject(item)) throw invalid(`${at} must be an object`);
    // E-26: every listed elicitation is URL mode
    if (item.mode !== 'url') throw invalid(`${at}.mode must be "url"`);
    if (typeof item.message !== 'string') throw invalid(`${at}.message must be a string`);
    const parsed = parseUrl(item, displayMessage(item.message), options, at);
    if (!parsed.ok) {
      if (parsed.problem.blockReason) {
        throw new PeerError(ClientErrorCode.UrlBlocked, `-32042 error: ${parsed.problem.message}`, {
          cause: error,
        });
      }
      throw invalid(parsed.problem.message);
    }
    if (seen.has(parsed.value.flowId)) throw invalid(`${at}.elicitationId repeats an earlier one`);
    seen.add(parsed.value.flowId);
    return parsed.value;
  });
}

/**
 * Runs the flows one -32042 error lists: consent and open each (origin `required`; a flow the person
 * already consented to that still runs is not asked about again), then wait until each completes (E-21),
 * with the UI's "retry now" and "cancel" up meanwhile (E-22). Decline or cancel end the call with a
 * `RefusedError`.
 */
export async function runRequiredFlows(
  parts: UrlRequiredParts,
  required: readonly ParsedUrlElicitation[],
  signal: AbortSignal,
): Promise<void> {
  for (const request of required) {
    if (parts.tracker.isPending(request.flowId)) continue;
    const action = await parts.urlConsent.ask(request, { origin: 'required', track: true, signal });
    if (action === 'decline') {
      throw new RefusedError(
        ClientErrorCode.ConsentDeclined,
        `the user declined to open the URL for elicitation ${request.flowId}`,
        { details: { elicitationId: request.flowId } },
      );
    }
    if (action === 'cancel') {
      throw new RefusedError(
        ClientErrorCode.ConsentCancelled,
        `the user cancelled the consent prompt for elicitation ${request.flowId}`,
        { details: { elicitationId: request.flowId } },
      );
    }
  }
  await waitForCompletions(parts, required, signal);
}

/**
 * Waits until every consented flow completes (E-21), while the UI offers "retry now" and "cancel" in case
 * the completion notice never comes (E-22). The controls are not queued behind other prompts: they stay up
 * while the person works in the browser.
 */
async function waitForCompletions(
  parts: UrlRequiredParts,
  required: readonly ParsedUrlElicitation[],
  signal: AbortSignal,
): Promise<void> {
  const pending = required.filter((request) => parts.tracker.isPending(request.flowId));
  if (pending.length === 0) return;
  const done = new AbortController();
  const stop = AbortSignal.any([done.signal, signal]);
  const allCompleted = Promise.all(pending.map((r) => parts.tracker.waitFor(r.flowId, stop))).then(
    () => 'completed' as const,
  );
  const controls = new ManualControls(
    parts.surface,
    pending.map((r) => ({ flowId: r.flowId, url: r.url })),
  );
  try {
    const outcome = await Promise.race([allCompleted, controls.next()]);
    if (outcome === 'cancel') {
      throw new RefusedError(
        ClientErrorCode.WaitCancelled,
        'the user stopped waiting for the URL flow to complete',
      );
    }
  } finally {
    done.abort();
    controls.close();
    allCompleted.catch(() => {});
  }
}
