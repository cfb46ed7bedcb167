import type { FormAnswer, FormPrompt } from '@elicitkit/client';
import { answerText, assembleAnswer, issuesFor } from '@elicitkit/client/ui-kit';
import { type FormField, formatIssuePath } from '@elicitkit/core';
import { select } from '@inquirer/prompts';
import { renderBanner } from './banner.js';
import { askField, type FieldAnswer, issueText } from './form-fields.js';
import { ask, wordsTheme } from './prompt-runner.js';
import { type Screen, serverParam } from './screen.js';
import { displayWidth, safeLine } from './text.js';

type Answers = Record<string, FieldAnswer>;

/** How an answer reads in the review, in the screen's language (option titles, local numbers and dates). */
function shown(field: FormField, value: FieldAnswer, screen: Screen): string {
  const { t } = screen.words;
  const words = { yes: t.t('choice.yes'), no: t.t('choice.no'), unanswered: t.t('review.unanswered') };
  return answerText(field, value, words, t);
}

function reviewLines(fields: FormField[], answers: Answers, screen: Screen): string {
  const { style } = screen;
  const labels = fields.map((field) => safeLine(field.label, 40));
  const width = Math.max(...labels.map(displayWidth));
  const rows = fields.map((field, i) => {
    const label = labels[i]!;
    const padding = ' '.repeat(width - displayWidth(label));
    const value = answers[field.name];
    const text = safeLine(shown(field, value, screen), 500);
    return `    ${style.dim(label + padding)}  ${value === undefined ? style.dim(text) : text}`;
  });
  return ['', `  ${style.bold(screen.words.t.t('review.title'))}`, ...rows].join('\n');
}

type Ending = 'cancelled' | 'withdrawn';

/**
 * The whole form: banner, one prompt per field, then a review screen where the person submits, edits
 * a field, declines or cancels (E-05, E-04, E-41). Esc or Ctrl-C anywhere cancels (E-42).
 */
export async function runForm(prompt: FormPrompt, screen: Screen): Promise<FormAnswer> {
  const { io, style, columns } = screen;
  const { t } = screen.words;
  const write = (text: string) => io.output.write(`${text}\n`);
  const server = serverParam(prompt.requester, style);
  // A blank line sets the server's message apart from the field descriptions that follow it.
  write(`\n${renderBanner(screen.mark, t.t('heading.form', { server }), prompt.message, style, columns)}\n`);

  const answers: Answers = {};
  for (const field of prompt.fields) answers[field.name] = prompt.initial[field.name];
  const outcome = (o: FormAnswer, note: string): FormAnswer => {
    write(`  ${note}`);
    return o;
  };
  const ended = (status: Ending): FormAnswer =>
    outcome(
      { action: 'cancel' },
      style.warn(`✖ ${t.t(status === 'withdrawn' ? 'outcome.withdrawn' : 'outcome.cancelled')}`),
    );

  if (prompt.issues && prompt.issues.length > 0) write(`  ${style.error(t.t('issues.previous'))}`);
  for (const field of prompt.fields) {
    const asked = await askField(
      field,
      answers[field.name],
      screen,
      prompt,
      issuesFor(prompt.issues, field.name),
    );
    if (asked.status !== 'answered') return ended(asked.status);
    answers[field.name] = asked.value;
  }

  // A form without fields is a yes/no question (a confirmation): nothing to review, only the answer.
  if (prompt.fields.length === 0) return confirmOnly(prompt, screen, outcome, ended);

  for (;;) {
    write(reviewLines(prompt.fields, answers, screen));
    const choice = await ask(io, prompt.signal, (context) =>
      select(
        {
          message: t.t('review.question', { server }),
          choices: [
            { name: t.t('action.submit'), value: 'submit' as const },
            { name: t.t('action.edit'), value: 'edit' as const },
            {
              name: t.t('action.decline'),
              value: 'decline' as const,
              description: t.t('action.decline.about'),
            },
            { name: t.t('action.cancel'), value: 'cancel' as const, description: t.t('action.cancel.about') },
          ],
          theme: wordsTheme(screen),
        },
        context,
      ),
    );
    if (choice.status !== 'answered') return ended(choice.status);
    switch (choice.value) {
      case 'decline':
        return outcome({ action: 'decline' }, style.warn(`✖ ${t.t('outcome.declined')}`));
      case 'cancel':
        return ended('cancelled');
      case 'submit': {
        // Unanswered optional fields are left out (not false, not []); E-59: the pipeline's own check first.
        const content = assembleAnswer(prompt.fields, answers);
        const verdict = prompt.validate(content);
        if (verdict.ok) {
          return outcome(
            { action: 'submit', content },
            style.ok(`✔ ${t.t('outcome.submitted', { server })}`),
          );
        }
        for (const issue of verdict.issues) {
          const field = prompt.fields.find((f) => issue.path[0] === f.name);
          const where = safeLine(field ? field.label : formatIssuePath(issue.path) || '—', 40);
          write(`  ${style.error('✖')} ${where}: ${issueText([issue], field, screen.words)}`);
        }
        break;
      }
      case 'edit': {
        const picked = await ask(io, prompt.signal, (context) =>
          select(
            {
              message: t.t('review.which'),
              choices: [
                ...prompt.fields.map((field) => ({
                  name: `${safeLine(field.label, 40)} ${style.dim(safeLine(shown(field, answers[field.name], screen), 40))}`,
                  short: safeLine(field.label, 40),
                  value: field.name,
                })),
                { name: style.dim(t.t('review.back')), short: t.t('review.back'), value: '' },
              ],
              pageSize: 12,
              theme: wordsTheme(screen),
            },
            context,
          ),
        );
        if (picked.status !== 'answered') return ended(picked.status);
        const field = prompt.fields.find((f) => f.name === picked.value);
        if (!field) break;
        const asked = await askField(field, answers[field.name], screen, prompt);
        if (asked.status !== 'answered') return ended(asked.status);
        answers[field.name] = asked.value;
        break;
      }
    }
  }
}

async function confirmOnly(
  prompt: FormPrompt,
  screen: Screen,
  outcome: (o: FormAnswer, note: string) => FormAnswer,
  ended: (status: Ending) => FormAnswer,
): Promise<FormAnswer> {
  const { style } = screen;
  const { t } = screen.words;
  const choice = await ask(screen.io, prompt.signal, (context) =>
    select(
      {
        message: t.t('confirm.question', { server: serverParam(prompt.requester, style) }),
        choices: [
          { name: t.t('action.accept'), value: 'accept' as const },
          { name: t.t('action.decline'), value: 'decline' as const },
          { name: t.t('action.cancel'), value: 'cancel' as const, description: t.t('action.cancel.about') },
        ],
        theme: wordsTheme(screen),
      },
      context,
    ),
  );
  if (choice.status !== 'answered') return ended(choice.status);
  if (choice.value === 'accept')
    return outcome({ action: 'submit', content: {} }, style.ok(`✔ ${t.t('outcome.accepted')}`));
  if (choice.value === 'decline')
    return outcome({ action: 'decline' }, style.warn(`✖ ${t.t('outcome.declined')}`));
  return ended('cancelled');
}
