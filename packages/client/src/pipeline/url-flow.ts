import type { UrlOpener } from '../open/opener.js';
import type { UrlAnswer, UrlPrompt } from '../ui.js';
import type { ParsedUrlElicitation } from './parse-request.js';
import type { PromptContext } from './prompt-context.js';

/**
 * Asks for consent to open a URL (E-06, E-51). The UI gets core's whole verdict: the full URL (E-52), the
 * registrable domain to highlight (E-54) and every warning (E-55). Nothing here fetches the URL (E-50).
 */
export function askUrlConsent(
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

/**
 * Opens a consented URL in the system browser (E-53): exactly the normalized `href` core produced (E-51).
 * A failed open is not fatal: the user consented and can open the URL shown by hand.
 */
export async function openConsented(
  request: ParsedUrlElicitation,
  opener: UrlOpener,
  context: Pick<PromptContext, 'notify' | 'requester'>,
  onOpenError: (error: unknown) => void,
): Promise<void> {
  const href = request.url.href;
  const shown = request.url.display.full;
  try {
    await opener(href);
    context.notify('url-opened', `Opened ${shown} in your browser.`);
  } catch (error) {
    onOpenError(error);
    context.notify('open-failed', `Could not open the browser. Open this URL yourself: ${shown}`);
  }
}
