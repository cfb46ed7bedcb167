import type { CompletionWait, UrlAnswer, UrlPrompt } from '@elicitkit/client';
import { consentCard } from '@elicitkit/client/ui-kit';
import { select } from '@inquirer/prompts';
import { renderBanner } from './banner.js';
import { ask, wordsTheme } from './prompt-runner.js';
import { type Screen, serverParam } from './screen.js';
import { safeLine } from './text.js';
import { renderUrlCard } from './url-card.js';

/**
 * Asks consent to open a URL (E-06, E-51): banner, card, then Open / Decline / Cancel with the cursor on
 * Decline, so Enter alone opens nothing. A -32042 flow (`origin: 'required'`) says it is needed to finish the
 * person's call; what the page is for is the server's message, never a word the host would vouch for.
 */
export async function runUrlPrompt(prompt: UrlPrompt, screen: Screen): Promise<UrlAnswer> {
  const { io, style, columns } = screen;
  const { t } = screen.words;
  const write = (text: string) => io.output.write(`${text}\n`);
  const server = serverParam(prompt.requester, style);
  const heading = t.t(prompt.origin === 'required' ? 'heading.url.required' : 'heading.url', { server });
  write(`\n${renderBanner(screen.mark, heading, prompt.message, style, columns)}`);
  // The kit analyzes the URL again and vouches for it, or says no Open may be offered.
  const card = consentCard(prompt.url);
  write(renderUrlCard(card, prompt.url, screen));
  const choice = await ask(io, prompt.signal, (context) =>
    select(
      {
        message: t.t('url.question'),
        choices: [
          ...(card.openable ? [{ name: t.t('action.open'), value: 'consent' as const }] : []),
          { name: t.t('action.decline'), value: 'decline' as const },
          { name: t.t('action.cancel'), value: 'cancel' as const },
        ],
        default: 'decline' as const,
        theme: wordsTheme(screen),
      },
      context,
    ),
  );
  if (choice.status === 'answered') return { action: choice.value };
  const note = t.t(choice.status === 'withdrawn' ? 'outcome.withdrawn' : 'outcome.cancelled');
  write(`  ${style.warn(`✖ ${note}`)}`);
  return { action: 'cancel' };
}

/**
 * E-22 (M-17 on 2026): Retry now / Cancel while the server has not confirmed the flow. The controls are
 * erased when they end, so no "Retry now" line is left above whatever comes next. A picked Cancel leaves a
 * plain line: the call it ends reports the outcome itself, once (no second ✖).
 */
export async function runWait(wait: CompletionWait, screen: Screen): Promise<'retry' | 'cancel'> {
  const { io, style } = screen;
  const { t } = screen.words;
  const write = (text: string) => io.output.write(`${text}\n`);
  const sites = wait.pending.map((p) =>
    safeLine(p.url.display.registrableDomain ?? p.url.display.hostUnicode),
  );
  write(`  ${style.accent('…')} ${t.t('wait.waiting', { sites: t.formatList([...new Set(sites)]) })}`);
  const choice = await ask(
    io,
    wait.signal,
    (context) =>
      select(
        {
          message: `${t.t('wait.question')} ${style.dim(`(${serverParam(wait.requester, style)})`)}`,
          choices: [
            { name: t.t('action.retry'), value: 'retry' as const, description: t.t('action.retry.about') },
            { name: t.t('action.cancel'), value: 'cancel' as const, description: t.t('wait.cancel.about') },
          ],
          theme: wordsTheme(screen),
        },
        context,
      ),
    { clearPromptOnDone: true },
  );
  if (choice.status === 'answered') {
    write(`  ${style.dim(choice.value === 'retry' ? `↻ ${t.t('wait.retrying')}` : t.t('wait.stopped'))}`);
    return choice.value;
  }
  // The wait ended on its own (the flow completed, or the call finished): carry on as if asked to retry.
  return choice.status === 'withdrawn' ? 'retry' : 'cancel';
}
