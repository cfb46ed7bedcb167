import { loadPatternEngine } from '@elicitkit/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { HostState } from '../host/host-state.js';
import { askForm } from './form-flow.js';
import { parseElicitation } from './parse-request.js';
import { displayMessage } from './requester.js';
import { askUrlConsent, openConsented } from './url-flow.js';

/** `ElicitResult` as this host sends it: `content` only on an accepted form (E-16, E-27). */
export type ElicitAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'accept' | 'decline' | 'cancel' };

/**
 * Answers one `elicitation/create` request: the pipeline from the README, in order. `signal` fires when
 * the server cancels the request or the connection drops; the SDK then sends no response at all.
 */
export function createRequestHandler(host: HostState) {
  let rateLimitNoticeShown = false;

  return async function handleElicitation(params: unknown, signal: AbortSignal): Promise<ElicitAnswer> {
    const requester = host.requester();
    // Browsers fetch core's pattern engine only for a schema that has a `pattern` (elsewhere: a no-op).
    const schema = (params as { requestedSchema?: unknown } | undefined)?.requestedSchema;
    if (schema !== undefined) await loadPatternEngine(schema);
    // Steps 1–3: shape, mode gate, schema or URL check; refused requests never reach the user.
    const parsed = parseElicitation(params, { modes: host.modes, allowInsecureHttp: host.allowInsecureHttp });
    if (!parsed.ok) {
      const { message, issues } = parsed.problem;
      host.events.emit('rejected', { requester, message, ...(issues && { issues }) });
      host.notify(requester, 'request-rejected', `Refused an invalid request from ${requester.name}.`);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, message, issues && { issues });
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
      return { action: 'cancel' };
    }
    rateLimitNoticeShown = false;

    const request = { ...parsed.value, message: displayMessage(parsed.value.message) };
    try {
      // Step 5: one prompt at a time; a request cancelled while queued is never shown.
      return await host.queue.run(signal, async (): Promise<ElicitAnswer> => {
        const context = host.promptContext(signal);
        if (request.mode === 'form') {
          return askForm(request.schema, request.message, context, host.maxFormAttempts);
        }
        const outcome = await askUrlConsent(request, 'request', context);
        if (outcome.action !== 'consent') return { action: outcome.action };
        host.tracker.consented(request.elicitationId);
        await openConsented(request, host.opener, context, (error) =>
          host.events.emit('error', { requester, during: 'open', error }),
        );
        // E-16: `accept` in URL mode means consent, not completion, and carries no content
        return { action: 'accept' };
      });
    } catch (error) {
      // Aborted: the SDK discards whatever we answer. Otherwise the UI failed and nobody answered.
      if (!signal.aborted) host.events.emit('error', { requester, during: 'ui', error });
      return { action: 'cancel' };
    }
  };
}
