import type { FormPrompt } from '@elicitkit/client';
import { fieldHint, formatFieldValue, parseFieldInput } from '@elicitkit/client/ui-kit';
import { type ElicitValue, type FormField, issueMessage, type MessageIssue } from '@elicitkit/core';
import { checkbox, input, select } from '@inquirer/prompts';
import type { Words } from '../i18n/messages.js';
import { type Asked, ask, wordsTheme } from './prompt-runner.js';
import type { Screen } from './screen.js';
import { quote, safeLine } from './text.js';

/** An answer; `undefined` means "left unanswered" (only possible for optional fields). */
export type FieldAnswer = ElicitValue | undefined;

/** The list entry of an optional choice that answers nothing. */
const NO_ANSWER = Symbol('no answer');
/** The first line of a required choice without a default: the cursor rests on it, and it is not an answer. */
const NOT_YET = Symbol('not chosen yet');

function fieldTitle(field: FormField, screen: Screen): string {
  const { style, words } = screen;
  // A terminal line shows no kind of its own: the hint names it (`whole number, 1–12`, `YYYY-MM-DD`).
  const hint = fieldHint(field, words.hints, { namesKind: true });
  const parts = [safeLine(field.label, 80)];
  if (!field.required) parts.push(style.dim(words.t.t('field.optional')));
  if (hint) parts.push(style.dim(`[${hint}]`));
  return parts.join(' ');
}

/** Issues about one field in the person's words (core's catalog, worded for the field's kind). */
export function issueText(
  issues: readonly MessageIssue[],
  field: FormField | undefined,
  words: Words,
): string {
  return issues.map((issue) => safeLine(issueMessage(issue, words.v, field), 300)).join(' ');
}

/** E-59: the core's verdict on one value, as inquirer's `validate` wants it (true, or the reason). */
function verdict(field: FormField, value: unknown, screen: Screen, prompt: FormPrompt): true | string {
  if (value === undefined) {
    return field.required ? issueText([{ code: 'required' }], field, screen.words) : true;
  }
  const issues = prompt.validateField(field.name, value);
  return issues.length === 0 ? true : issueText(issues, field, screen.words);
}

/**
 * One prompt for one field, chosen by its kind (E-12), starting from `current` (the schema default on
 * first ask, E-13; the previous answer when editing, E-05). Nothing is answered for the person: a typed
 * field shows its starting value as a default that typing replaces, and a choice with no default starts
 * on a line that is not an answer.
 */
export async function askField(
  field: FormField,
  current: FieldAnswer,
  screen: Screen,
  prompt: FormPrompt,
  issues: readonly MessageIssue[] = [],
): Promise<Asked<FieldAnswer>> {
  const { io, style, columns, words } = screen;
  const lines: string[] = [];
  if (field.description) lines.push(...quote(field.description, style, columns, 600));
  if (issues.length > 0) lines.push(`  ${style.error('✖')} ${style.error(issueText(issues, field, words))}`);
  if (lines.length > 0) io.output.write(`${lines.join('\n')}\n`);

  const message = fieldTitle(field, screen);
  const theme = wordsTheme(screen);

  switch (field.kind) {
    case 'boolean':
      return askChoice(screen, prompt, message, field, current, [
        { name: words.t.t('choice.yes'), value: true },
        { name: words.t.t('choice.no'), value: false },
      ]);
    case 'select':
      return askChoice(
        screen,
        prompt,
        message,
        field,
        current,
        (field.options ?? []).map((option) => ({ name: safeLine(option.label, 120), value: option.value })),
      );
    case 'multiselect': {
      const chosen = new Set(Array.isArray(current) ? current : []);
      const asked = await ask(io, prompt.signal, (context) =>
        checkbox(
          {
            message,
            choices: (field.options ?? []).map((option) => ({
              name: safeLine(option.label, 120),
              value: option.value,
              checked: chosen.has(option.value),
            })),
            pageSize: 12,
            theme,
            validate: (choices) => {
              const values = choices.map((choice) => choice.value);
              return verdict(field, values.length === 0 ? undefined : values, screen, prompt);
            },
          },
          context,
        ),
      );
      if (asked.status !== 'answered') return asked;
      return { status: 'answered', value: asked.value.length === 0 ? undefined : asked.value };
    }
    default: {
      // One rule for typed input, the kit's: free text as typed, formats and numbers trimmed, a date-time
      // without an offset read as local time.
      const read = (text: string) => parseFieldInput(field, text);
      const asked = await ask(io, prompt.signal, (context) =>
        input(
          {
            message,
            default: formatFieldValue(field, current),
            // Typing replaces the starting value (Tab brings it into the line to edit; Backspace clears it).
            prefill: 'tab',
            theme,
            validate: (text) => {
              const parsed = read(text);
              return parsed.ok
                ? verdict(field, parsed.value, screen, prompt)
                : issueText([{ code: parsed.code }], field, words);
            },
          },
          context,
        ),
      );
      if (asked.status !== 'answered') return asked;
      const parsed = read(asked.value);
      return { status: 'answered', value: parsed.ok ? parsed.value : undefined };
    }
  }
}

/**
 * A single choice (select, boolean). An optional field has a "no answer" entry first, where the cursor
 * starts unless the field has a value; a required one without a value starts on a line that is not an
 * answer (Enter there says to choose), so Enter alone never picks the first option for the person.
 */
async function askChoice<T extends string | boolean>(
  screen: Screen,
  prompt: FormPrompt,
  message: string,
  field: FormField,
  current: FieldAnswer,
  choices: { name: string; value: T }[],
): Promise<Asked<FieldAnswer>> {
  const { t } = screen.words;
  type Entry = {
    name: string;
    short?: string;
    value: T | typeof NO_ANSWER | typeof NOT_YET;
    disabled?: string;
  };
  const start = choices.find((choice) => choice.value === current)?.value;
  const entries: Entry[] = [...choices];
  if (!field.required) {
    const none = t.t('choice.none');
    entries.unshift({ name: screen.style.dim(none), short: none, value: NO_ANSWER });
  } else if (start === undefined) {
    entries.unshift({ name: t.t('choice.pick'), value: NOT_YET, disabled: ' ' });
  }
  const asked = await ask(screen.io, prompt.signal, (context) =>
    select(
      {
        message,
        choices: entries,
        default: start ?? (field.required ? undefined : NO_ANSWER),
        pageSize: 12,
        theme: wordsTheme(screen),
      },
      context,
    ),
  );
  if (asked.status !== 'answered') return asked;
  const value = asked.value;
  return { status: 'answered', value: value === NO_ANSWER || value === NOT_YET ? undefined : value };
}
