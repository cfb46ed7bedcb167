import { type AllowedUrlAnalysis, loadPatternEngine } from '@elicitkit/core';
import type { HostState } from '../host/host-state.js';
import { askForm } from './form-flow.js';
import { parseElicitation, type RequestOrigin, type RequestProblem } from './parse-request.js';
import { displayMessage } from './requester.js';
import { askUrlConsent, openConsented } from './url-flow.js';

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

export type ElicitationPipeline = (
  params: unknown,
  signal: AbortSignal,
  origin: RequestOrigin,
) => Promise<PipelineOutcome>;

/**
 * The one pipeline both eras share: a 2025 `elicitation/create` request and a 2026 input request take the
 * same steps, in order. `signal` fires when the server cancels the request, the connection drops, or
 * (2026) the call is abandoned.
 */
export function createPipeline(host: HostState): ElicitationPipeline {
  let rateLimitNoticeShown = false;

  return async function runPipeline(params, signal, origin) {
    const requester = host.requester();
    // Browsers fetch core's pattern engine only for a schema that has a `pattern` (elsewhere: a no-op).
    const schema = (params as { requestedSchema?: unknown } | undefined)?.requestedSchema;
    if (schema !== undefined) await loadPatternEngine(schema);
    // Steps 1–3: shape, mode gate, schema or URL check; refused requests never reach the user.
    const at = origin.era === '2026-07-28' ? `inputRequests[${JSON.stringify(origin.key)}].params` : 'params';
    const parsed = parseElicitation(
      params,
      {
        modes: host.modes,
        allowInsecureHttp: host.allowInsecureHttp,
        origin,
      },
      at,
    );
    if (!parsed.ok) {
      const { message, issues } = parsed.problem;
      host.events.emit('rejected', {
        requester,
        message,
        ...(issues && { issues }),
        ...(origin.era === '2026-07-28' && { inputRequestKey: origin.key }),
      });
      host.notify(requester, 'request-rejected', `Refused an invalid request from ${requester.name}.`);
      return parsed;
    }
    if (parsed.value.mode === 'form' && parsed.value.droppedDefaults.length > 0) {
      host.events.emit('default-dropped', { requester, fields: parsed.value.droppedDefaults });
    }

    // Step 4 (E-43): over the limit means `cancel`, without asking; the UI hears about it once per episode.
    if (host.rateLimiter && !host.rateLimiter.tryTake()) {
      if (!rateLimitNoticeShown) {
        rateLimitNoticeShown = true;
        host.events.emit('rate-limited', { requester });
        host.notify(
          requester,
          'rate-limited',
          `${requester.name} is asking too often; ignoring it for a while.`,
        );
      }
      return { ok: true, answer: { action: 'cancel' } };
    }
    rateLimitNoticeShown = false;

    const request = { ...parsed.value, message: displayMessage(parsed.value.message) };
    try {
      // Step 5: one prompt at a time; a request cancelled while queued is never shown.
      return await host.queue.run(signal, async (): Promise<PipelineOutcome> => {
        const context = host.promptContext(signal);
        if (request.mode === 'form') {
          const answer = await askForm(
            request.schema,
            request.message,
            context,
            host.maxFormAttempts,
            (fields) => host.events.emit('default-dropped', { requester, fields }),
          );
          return { ok: true, answer };
        }
        const outcome = await askUrlConsent(request, 'request', context);
        if (outcome.action !== 'consent') return { ok: true, answer: { action: outcome.action } };
        // M-17: on 2026 no completion notice comes; the retry tells the server the user went ahead
        if (origin.era === '2025-11-25') host.tracker.consented(request.flowId);
        await openConsented(request, host.opener, context, (error) =>
          host.events.emit('error', { requester, during: 'open', error }),
        );
        // E-16: `accept` in URL mode means consent, not completion, and carries no content
        return { ok: true, answer: { action: 'accept' }, consentedUrl: request.url };
      });
    } catch (error) {
      // Aborted: nobody reads the answer. Otherwise the UI failed and nobody answered.
      if (!signal.aborted) host.events.emit('error', { requester, during: 'ui', error });
      return { ok: true, answer: { action: 'cancel' } };
    }
  };
}
