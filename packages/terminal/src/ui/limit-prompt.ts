import type { RateLimitPrompt } from '@elicitkit/client';
import { select } from '@inquirer/prompts';
import { renderBanner } from './banner.js';
import { ask, wordsTheme } from './prompt-runner.js';
import { type Screen, serverParam } from './screen.js';

/**
 * E-43, as the person meets it: a server went over its request budget (many requests on its own, or a call
 * that keeps asking). Say which and ask whether to let it ask more; the cursor starts on refusing, so Enter
 * alone never lets a flood through. A refusal prints nothing of its own: the host's `rate-limited` notice
 * that follows says it.
 */
export async function runLimitPrompt(prompt: RateLimitPrompt, screen: Screen): Promise<'allow' | 'block'> {
  const { io, style, columns } = screen;
  const { t } = screen.words;
  const server = serverParam(prompt.requester, style);
  const what = t.t(prompt.reason === 'runaway' ? 'limit.runaway' : 'limit.unsolicited', { server });
  io.output.write(`\n${renderBanner(screen.mark, what, '', style, columns)}\n`);
  const choice = await ask(io, prompt.signal, (context) =>
    select(
      {
        message: t.t('limit.question', { server }),
        choices: [
          { name: t.t('action.allow'), value: 'allow' as const, description: t.t('action.allow.about') },
          { name: t.t('action.block'), value: 'block' as const, description: t.t('action.block.about') },
        ],
        default: 'block' as const,
        theme: wordsTheme(screen),
      },
      context,
    ),
  );
  if (choice.status === 'answered' && choice.value === 'allow') {
    io.output.write(`  ${style.ok(`✔ ${t.t('limit.allowed', { server })}`)}\n`);
    return 'allow';
  }
  return 'block';
}
