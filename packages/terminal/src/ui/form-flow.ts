import type { FormAnswer, FormPrompt } from '@elicitkit/client';
import { type ContentIssue, type FormField, formatIssuePath } from '@elicitkit/core';
import { select } from '@inquirer/prompts';
import { renderBanner, requesterLabel } from './banner.js';
import { askField, type FieldAnswer, type FieldContext } from './form-fields.js';
import { ask } from './prompt-runner.js';
import { displayWidth, safeLine } from './text.js';

type Answers = Record<string, FieldAnswer>;

/** The issues of field `name`: core's answer paths start with the field's name as one key (`['tags', 1]`). */
export function issuesFor(issues: readonly ContentIssue[] | undefined, name: string): ContentIssue[] {
  return (issues ?? []).filter((issue) => issue.path[0] === name);
}

/** How an answer reads in the review: option titles rather than raw values. */
function shown(field: FormField, value: FieldAnswer): string {
  if (value === undefined) return '—';
  const label = (v: string) => field.options?.find((option) => option.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return field.kind === 'select' ? label(String(value)) : String(value);
}

function reviewLines(fields: FormField[], answers: Answers, ctx: FieldContext): string {
  const { style } = ctx;
  const labels = fields.map((field) => safeLine(field.label, 40));
  const width = Math.max(...labels.map(displayWidth));
  const rows = fields.map((field, i) => {
    const label = labels[i]!;
    const padding = ' '.repeat(width - displayWidth(label));
    const value = answers[field.name];
    const text = safeLine(shown(field, value), 500);
    return `    ${style.dim(label + padding)}  ${value === undefined ? style.dim(text) : text}`;
  });
  return ['', `  ${style.bold('Review your answers')}`, ...rows].join('\n');
}

function withoutEmpty(answers: Answers): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
}

/**
 * The whole form: banner, one prompt per field, then a review screen where the person submits, edits
 * a field, declines or cancels (E-05, E-04, E-41). Esc or Ctrl-C anywhere cancels (E-42).
 */
export async function runForm(prompt: FormPrompt, ctx: FieldContext): Promise<FormAnswer> {
  const { io, style, columns } = ctx;
  const write = (text: string) => io.output.write(`${text}\n`);
  const server = requesterLabel(prompt.requester);
  // A blank line sets the server's message apart from the field descriptions that follow it.
  write(`\n${renderBanner('form request', prompt.requester, prompt.message, style, columns)}\n`);

  const answers: Answers = {};
  for (const field of prompt.fields) answers[field.name] = prompt.initial[field.name];
  const outcome = (o: FormAnswer, note: string): FormAnswer => {
    write(`  ${note}`);
    return o;
  };
  const ended = (status: 'cancelled' | 'withdrawn'): FormAnswer =>
    status === 'withdrawn'
      ? outcome({ action: 'cancel' }, style.warn('✖ The server withdrew this request.'))
      : outcome({ action: 'cancel' }, style.warn('✖ Cancelled.'));

  if (prompt.issues && prompt.issues.length > 0) {
    write(`  ${style.error('Your last answers were not accepted; please correct them.')}`);
  }
  for (const field of prompt.fields) {
    const asked = await askField(field, answers[field.name], ctx, issuesFor(prompt.issues, field.name));
    if (asked.status !== 'answered') return ended(asked.status);
    answers[field.name] = asked.value;
  }

  // A form without fields is a yes/no question (a confirmation): nothing to review, only the answer.
  if (prompt.fields.length === 0) return confirmOnly(prompt, ctx, outcome, ended);

  for (;;) {
    write(reviewLines(prompt.fields, answers, ctx));
    const choice = await ask(io, prompt.signal, (context) =>
      select(
        {
          message: `Send these answers to ${server}?`,
          choices: [
            { name: 'Submit', value: 'submit' as const },
            { name: 'Edit a field', value: 'edit' as const },
            {
              name: 'Decline',
              value: 'decline' as const,
              description: 'Tell the server you will not answer.',
            },
            { name: 'Cancel', value: 'cancel' as const, description: 'Dismiss without answering.' },
          ],
        },
        context,
      ),
    );
    if (choice.status !== 'answered') return ended(choice.status);
    switch (choice.value) {
      case 'decline':
        return outcome({ action: 'decline' }, style.warn('✖ Declined.'));
      case 'cancel':
        return ended('cancelled');
      case 'submit': {
        // E-59: the same check the pipeline runs before sending; an invalid answer set goes back to review.
        const verdict = prompt.validate(withoutEmpty(answers));
        if (verdict.ok)
          return outcome(
            { action: 'submit', content: withoutEmpty(answers) },
            style.ok(`✔ Submitted to ${server}.`),
          );
        for (const issue of verdict.issues) {
          const field = prompt.fields.find((f) => issue.path[0] === f.name);
          const where = safeLine(field ? field.label : formatIssuePath(issue.path) || 'answer', 40);
          write(`  ${style.error('✖')} ${where}: ${safeLine(issue.message, 200)}`);
        }
        break;
      }
      case 'edit': {
        const picked = await ask(io, prompt.signal, (context) =>
          select(
            {
              message: 'Which field?',
              choices: [
                ...prompt.fields.map((field) => ({
                  name: `${safeLine(field.label, 40)} ${style.dim(safeLine(shown(field, answers[field.name]), 40))}`,
                  short: safeLine(field.label, 40),
                  value: field.name,
                })),
                { name: style.dim('(back to review)'), value: '' },
              ],
              pageSize: 12,
            },
            context,
          ),
        );
        if (picked.status !== 'answered') return ended(picked.status);
        const field = prompt.fields.find((f) => f.name === picked.value);
        if (!field) break;
        const asked = await askField(field, answers[field.name], ctx);
        if (asked.status !== 'answered') return ended(asked.status);
        answers[field.name] = asked.value;
        break;
      }
    }
  }
}

async function confirmOnly(
  prompt: FormPrompt,
  ctx: FieldContext,
  outcome: (o: FormAnswer, note: string) => FormAnswer,
  ended: (status: 'cancelled' | 'withdrawn') => FormAnswer,
): Promise<FormAnswer> {
  const { style } = ctx;
  const choice = await ask(ctx.io, prompt.signal, (context) =>
    select(
      {
        message: `Your answer to ${requesterLabel(prompt.requester)}:`,
        choices: [
          { name: 'Accept', value: 'accept' as const },
          { name: 'Decline', value: 'decline' as const },
          { name: 'Cancel', value: 'cancel' as const, description: 'Dismiss without answering.' },
        ],
      },
      context,
    ),
  );
  if (choice.status !== 'answered') return ended(choice.status);
  if (choice.value === 'accept') return outcome({ action: 'submit', content: {} }, style.ok('✔ Accepted.'));
  if (choice.value === 'decline') return outcome({ action: 'decline' }, style.warn('✖ Declined.'));
  return ended('cancelled');
}
