import {
  type AllowedUrlAnalysis,
  isElicitkitError,
  loadPatternEngine,
  loadSuffixList,
} from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';
import { displayMessage } from '../host/requester.js';
import type { PromptSurface } from '../host/surface.js';
import type { Admission } from './admission.js';
import { askForm } from './form-flow.js';
import type { ElicitationMode } from './modes.js';
import { parseElicitation, type RequestOrigin, type RequestProblem } from './parse-request.js';
import type { UrlConsent } from './url-consent.js';

/** `ElicitResult` as this host sends it: `content` only on an accepted form (E-16, E-27). */
export type ElicitAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'accept' | 'decline' | 'cancel' };

/**
 * What the pipeline made of one request: an answer (and, for a consented URL, the URL that was opened),
 * or the reason it was refused without asking anyone. The era adapters decide how a refusal travels:
 * -32602 for a 2025 wire request, a failed call for a 2026 input request.
 */
export type PipelineOutcome =
  | { ok: true; answer: ElicitAnswer; consentedUrl?: AllowedUrlAnalysis }
  | { ok: false; problem: RequestProblem };

/** The pipeline: one elicitation request (its `params`) in, an outcome out. */
export type ElicitationPipeline = (
  params: unknown,
  signal: AbortSignal,
  origin: RequestOrigin,
) => Promise<PipelineOutcome>;

/** Everything the pipeline uses, built before it and handed in. */
export interface PipelineParts {
  surface: PromptSurface;
  modes: ReadonlySet<ElicitationMode>;
  allowInsecureHttp: boolean;
  maxInvalidSubmissions: number;
  /** Step 4; absent when the host turned the rate limit off. */
  admission: Admission | undefined;
  urlConsent: UrlConsent;
}

/**
 * The one pipeline both eras share: a 2025 `elicitation/create` request and a 2026 input request take the
 * same steps, in order. `signal` fires when the server cancels the request, the connection drops, or
 * (2026) the call is abandoned.
 */
export function createPipeline(parts: PipelineParts): ElicitationPipeline {
  const { surface } = parts;

  return async function runPipeline(params, signal, origin) {
    const requester = surface.requester();
    // Browsers fetch core's pattern engine only for a schema that has a `pattern` (elsewhere: a no-op).
    const schema = (params as { requestedSchema?: unknown } | undefined)?.requestedSchema;
    if (schema !== undefined) await loadPatternEngine(schema);
    // …and the Public Suffix List for a URL request only, so that a page showing forms never loads it.
    if ((params as { mode?: unknown } | undefined)?.mode === 'url') await loadSuffixList();
    // Steps 1–3: shape, mode gate, schema or URL check; refused requests never reach the user.
    const at = origin.kind === 'input' ? `inputRequests[${JSON.stringify(origin.key)}].params` : 'params';
    const parsed = parseElicitation(
      params,
      { modes: parts.modes, allowInsecureHttp: parts.allowInsecureHttp, origin },
      at,
    );
    if (!parsed.ok) {
      const { message, issues } = parsed.problem;
      surface.events.emit('rejected', {
        requester,
        message,
        ...(issues && { issues }),
        ...(origin.kind === 'input' && { inputRequestKey: origin.key }),
      });
      surface.notify(requester, 'request-rejected', `Refused an invalid request from ${requester.name}.`);
      return parsed;
    }
    if (parsed.value.mode === 'form' && parsed.value.droppedDefaults.length > 0) {
      surface.events.emit('default-dropped', { requester, fields: parsed.value.droppedDefaults });
    }

    const request = { ...parsed.value, message: displayMessage(parsed.value.message) };
    try {
      // Step 4 (E-43): pushed requests only; an input request belongs to a call this host is driving, whose rounds
      // are capped instead (maxPromptRounds).
      if (origin.kind === 'pushed' && parts.admission && !(await parts.admission(signal))) {
        return { ok: true, answer: { action: 'cancel' } };
      }
      if (request.mode === 'form') {
        // Step 5: one prompt at a time; a request cancelled while queued is never shown.
        const answer = await surface.queue.run(signal, () =>
          askForm(
            request.schema,
            request.message,
            surface.promptContext(signal),
            parts.maxInvalidSubmissions,
            (fields) => surface.events.emit('default-dropped', { requester, fields }),
            origin.kind === 'input' ? origin.key : undefined,
          ),
        );
        return { ok: true, answer };
      }
      // M-17: an input request's flow gets no completion notice; the retry tells the server the person went ahead
      const action = await parts.urlConsent.ask(request, {
        origin: 'request',
        track: origin.kind === 'pushed',
        signal,
      });
      if (action !== 'consent') return { ok: true, answer: { action } };
      // E-16: `accept` in URL mode means consent, not completion, and carries no content
      return { ok: true, answer: { action: 'accept' }, consentedUrl: request.url };
    } catch (error) {
      // A UI that could put the prompt to nobody says so: the request fails with why, no answer is made up.
      if (!signal.aborted && isElicitkitError(error, ClientErrorCode.PromptUnanswerable))
        return { ok: false, problem: { message: error.message } };
      // Aborted: nobody reads the answer. Otherwise the UI failed and nobody answered.
      if (!signal.aborted) surface.events.emit('error', { requester, during: 'ui', error });
      return { ok: true, answer: { action: 'cancel' } };
    }
  };
}
