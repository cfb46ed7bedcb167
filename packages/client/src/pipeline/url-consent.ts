import type { CompletionTracker } from '../completion/completion-tracker.js';
import type { PromptContext, PromptSurface } from '../host/surface.js';
import type { UrlOpener } from '../open/opener.js';
import type { UrlAnswer, UrlPrompt } from '../ui.js';
import type { ParsedUrlElicitation } from './parse-request.js';

/** How a consent prompt came about, and whether its flow can complete by notice (2025-11-25 ids only). */
export interface ConsentRequest {
  /** `request`: an in-band `elicitation/create` or input request; `required`: listed in a -32042 error. */
  origin: UrlPrompt['origin'];
  /** 2025-11-25: record the consent under the flow's `elicitationId`, so its completion notice counts (E-20). */
  track: boolean;
  signal: AbortSignal;
}

/**
 * The one consent-and-open of the host, for in-band URL requests (both eras) and the flows a -32042 error
 * lists: one prompt through the queue, then, on consent, the record that makes its completion count and
 * the system browser. Nothing here fetches the URL (E-50).
 */
export class UrlConsent {
  readonly #surface: PromptSurface;
  readonly #opener: UrlOpener;
  readonly #tracker: CompletionTracker;

  constructor(parts: { surface: PromptSurface; opener: UrlOpener; tracker: CompletionTracker }) {
    this.#surface = parts.surface;
    this.#opener = parts.opener;
    this.#tracker = parts.tracker;
  }

  /** Asks, in turn with other prompts; on consent records and opens. Resolves with the person's answer. */
  ask(request: ParsedUrlElicitation, how: ConsentRequest): Promise<UrlAnswer['action']> {
    return this.#surface.queue.run(how.signal, async () => {
      const context = this.#surface.promptContext(how.signal);
      const { action } = await askUrlConsent(request, how.origin, context);
      if (action !== 'consent') return action;
      if (how.track) this.#tracker.consented(request.flowId);
      await this.#open(request, context);
      return action;
    });
  }

  /**
   * Opens a consented URL in the system browser (E-53): exactly the normalized `href` core produced (E-51).
   * A failed open is not fatal: the person consented and can open the URL shown by hand.
   */
  async #open(request: ParsedUrlElicitation, context: PromptContext): Promise<void> {
    const shown = request.url.display.full;
    try {
      await this.#opener(request.url.href);
      context.notify('url-opened', `Opened ${shown} in your browser.`);
    } catch (error) {
      this.#surface.events.emit('error', { requester: context.requester, during: 'open', error });
      context.notify('open-failed', `Could not open the browser. Open this URL yourself: ${shown}`);
    }
  }
}

/**
 * Asks for consent to open a URL (E-06, E-51). The UI gets core's whole verdict: the full URL (E-52), the
 * registrable domain to highlight (E-54) and every warning (E-55).
 */
function askUrlConsent(
  request: ParsedUrlElicitation,
  origin: UrlPrompt['origin'],
  context: PromptContext,
): Promise<UrlAnswer> {
  return context.ui.url({
    kind: 'url',
    id: context.promptId,
    requester: context.requester,
    message: request.message,
    signal: context.signal,
    flowId: request.flowId,
    url: request.url,
    origin,
  });
}
