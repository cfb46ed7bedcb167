import type { FormPrompt } from '@elicitkit/client';
import type { ContentIssue, ElicitValue, FormField } from '@elicitkit/core';
import { checkbox, input, select } from '@inquirer/prompts';
import { quote } from './banner.js';
import { type Asked, ask, type TerminalIO } from './prompt-runner.js';
import type { Style } from './style.js';
import { safeLine } from './text.js';

export interface FieldContext {
  io: TerminalIO;
  style: Style;
  columns: number;
  prompt: FormPrompt;
}

/** An answer; `undefined` means "left empty" (only possible for optional fields). */
export type FieldAnswer = ElicitValue | undefined;

const NO_ANSWER = Symbol('no answer');

const formatHints: Partial<Record<FormField['kind'], string>> = {
  email: 'name@example.com',
  uri: 'absolute URI, e.g. https://example.com/page',
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DDThh:mm:ss with Z or ±hh:mm',
};

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${min} ${unit}` : `${min}–${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  return undefined;
}

/** The short grey hint after a label: format, bounds, item limits. */
function fieldHint(field: FormField): string | undefined {
  const c = field.constraints;
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const kind = field.kind === 'integer' ? 'whole number' : 'number';
      if (c.minimum !== undefined && c.maximum !== undefined) return `${kind}, ${c.minimum}–${c.maximum}`;
      if (c.minimum !== undefined) return `${kind}, ≥ ${c.minimum}`;
      if (c.maximum !== undefined) return `${kind}, ≤ ${c.maximum}`;
      return kind;
    }
    case 'multiselect':
      return range(c.minItems, c.maxItems, 'choices') ?? 'any number of choices';
    case 'text':
      return range(c.minLength, c.maxLength, 'characters');
    default:
      return formatHints[field.kind];
  }
}

function fieldTitle(field: FormField, style: Style): string {
  const hint = fieldHint(field);
  const parts = [safeLine(field.label, 80)];
  if (!field.required) parts.push(style.dim('(optional)'));
  if (hint) parts.push(style.dim(`[${hint}]`));
  return parts.join(' ');
}

function issueText(issues: ContentIssue[]): string {
  return issues.map((issue) => safeLine(issue.message, 200)).join('; ');
}

/** E-59: the core's verdict on one value, as inquirer's `validate` wants it (true, or the reason). */
function checker(field: FormField, prompt: FormPrompt) {
  return (value: FieldAnswer): true | string => {
    if (value === undefined) return field.required ? 'An answer is required.' : true;
    const issues = prompt.validateField(field.name, value);
    return issues.length === 0 ? true : issueText(issues);
  };
}

const numberSyntax = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** `undefined` for empty input, NaN for anything that is not plainly a number. */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return numberSyntax.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function textOf(value: FieldAnswer): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * One prompt for one field, chosen by its kind (E-12), starting from `current` (the schema default on
 * first ask, E-13; the previous answer when editing, E-05).
 */
export async function askField(
  field: FormField,
  current: FieldAnswer,
  ctx: FieldContext,
  issues: ContentIssue[] = [],
): Promise<Asked<FieldAnswer>> {
  const { io, style, columns, prompt } = ctx;
  const lines: string[] = [];
  if (field.description) lines.push(...quote(field.description, style, columns, 600));
  if (issues.length > 0) lines.push(`  ${style.error('✖')} ${style.error(issueText(issues))}`);
  if (lines.length > 0) io.output.write(`${lines.join('\n')}\n`);

  const message = fieldTitle(field, style);
  const check = checker(field, prompt);

  switch (field.kind) {
    case 'boolean':
      return askChoice(ctx, message, field, current, [
        { name: 'Yes', value: true },
        { name: 'No', value: false },
      ]);
    case 'select':
      return askChoice(
        ctx,
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
            validate: (choices) => {
              const values = choices.map((choice) => choice.value);
              return values.length === 0 && !field.required ? true : check(values);
            },
          },
          context,
        ),
      );
      if (asked.status !== 'answered') return asked;
      return {
        status: 'answered',
        value: asked.value.length === 0 && !field.required ? undefined : asked.value,
      };
    }
    case 'number':
    case 'integer': {
      const asked = await ask(io, prompt.signal, (context) =>
        input(
          {
            message,
            default: textOf(current),
            prefill: 'editable',
            validate: (text) => {
              const value = parseNumber(text);
              return Number.isNaN(value) ? 'Enter a number, e.g. 42 or 3.5.' : check(value);
            },
          },
          context,
        ),
      );
      return asked.status === 'answered' ? { status: 'answered', value: parseNumber(asked.value) } : asked;
    }
    default: {
      // Formats tolerate stray spaces around a pasted value; free text is kept exactly as typed.
      const normalize = (text: string) => (field.kind === 'text' ? text : text.trim());
      const asked = await ask(io, prompt.signal, (context) =>
        input(
          {
            message,
            default: textOf(current),
            prefill: 'editable',
            validate: (text) => check(normalize(text) === '' ? undefined : normalize(text)),
          },
          context,
        ),
      );
      if (asked.status !== 'answered') return asked;
      const value = normalize(asked.value);
      return { status: 'answered', value: value === '' ? undefined : value };
    }
  }
}

/** Single choice (select, boolean); optional fields get a "no answer" entry. */
async function askChoice<T extends string | boolean>(
  ctx: FieldContext,
  message: string,
  field: FormField,
  current: FieldAnswer,
  choices: { name: string; value: T }[],
): Promise<Asked<FieldAnswer>> {
  const all: { name: string; value: T | typeof NO_ANSWER }[] = [...choices];
  if (!field.required) all.push({ name: ctx.style.dim('(no answer)'), value: NO_ANSWER });
  const start = all.find((choice) => choice.value === current)?.value;
  const asked = await ask(ctx.io, ctx.prompt.signal, (context) =>
    select({ message, choices: all, default: start, pageSize: 12 }, context),
  );
  if (asked.status !== 'answered') return asked;
  return { status: 'answered', value: asked.value === NO_ANSWER ? undefined : asked.value };
}
