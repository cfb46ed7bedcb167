import {
  type ContentIssue,
  type FormField,
  issueMessage,
  sanitizeForDisplay,
  type Translator,
  type ValidationMessageKey,
} from '@elicitkit/core';
import { type HtmlContent, html } from '../pages/html.js';
import type { PageWordKey } from './page-words.js';

/**
 * The fallback form as a server-rendered page (issue 37): every field kind of a flat schema, the person's values kept
 * through a refusal, errors in the person's language with a summary on top (GOV.UK's pattern), no script needed.
 */

/** What the person typed, by field name: a string, or for a multi-select the chosen values. */
export type Entered = Record<string, string | readonly string[] | undefined>;

export interface FormPage {
  fields: readonly FormField[];
  entered: Entered;
  /** The first issue of each field. */
  issues: ReadonlyMap<string, ContentIssue>;
  words: Translator<PageWordKey>;
  validation: Translator<ValidationMessageKey>;
  csrfToken: string;
}

const shown = (text: string) => sanitizeForDisplay(text, { maxLength: 2000 });
const idOf = (name: string) => `f-${encodeURIComponent(name).replace(/%/g, '_')}`;

/** The values a page starts with: the schema's defaults. */
export function defaultsOf(fields: readonly FormField[]): Entered {
  const entered: Entered = {};
  for (const field of fields) {
    const value = field.default;
    if (value === undefined) continue;
    entered[field.name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return entered;
}

/** What a POST carried, by field (a multi-select's boxes are `<name>.<n>`, one per chosen option). */
export function enteredOf(fields: readonly FormField[], form: Record<string, string>): Entered {
  const entered: Entered = {};
  for (const field of fields) {
    if (field.kind === 'multiselect') {
      const options = field.options ?? [];
      entered[field.name] = options.map((_, i) => form[`${field.name}.${i}`]).filter((v) => v !== undefined);
    } else if (field.kind === 'boolean') {
      entered[field.name] = form[field.name] === 'true' ? 'true' : 'false';
    } else if (form[field.name] !== undefined) {
      entered[field.name] = form[field.name];
    }
  }
  return entered;
}

/** The answer's content from what was entered: typed as the schema says; empty fields left out. */
export function contentOf(fields: readonly FormField[], entered: Entered): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = entered[field.name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0 || field.required) content[field.name] = [...value];
      continue;
    }
    const text = value as string;
    if (field.kind === 'boolean') content[field.name] = text === 'true';
    else if (text.trim() === '') continue;
    else if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(text.trim().replace(',', '.'));
      content[field.name] = Number.isFinite(number) ? number : text;
    } else content[field.name] = text;
  }
  return content;
}

/** The form, its error summary first when there are issues. */
export function formBody(page: FormPage): HtmlContent {
  const { words, issues } = page;
  const summary =
    issues.size === 0
      ? ''
      : html`<div class="error-summary" role="alert" tabindex="-1" autofocus><h2>${words.t('problem')}</h2><ul>
${[...issues].map(([name, issue]) => html`<li><a href="#${idOf(name)}">${messageOf(page, name, issue)}</a></li>`)}
</ul></div>`;
  return html`${summary}<form method="post" novalidate>
<input type="hidden" name="csrf" value="${page.csrfToken}">
${page.fields.map((field) => fieldHtml(page, field))}
<button type="submit">${words.t('submit')}</button>
</form>`;
}

function messageOf(page: FormPage, name: string, issue: ContentIssue): string {
  const field = page.fields.find((f) => f.name === name);
  return issueMessage(issue, page.validation, field);
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  number: 'text',
  integer: 'text',
};

function fieldHtml(page: FormPage, field: FormField): HtmlContent {
  const id = idOf(field.name);
  const issue = page.issues.get(field.name);
  const hint = field.description ? html`<p class="hint" id="${id}-hint">${shown(field.description)}</p>` : '';
  const error = issue
    ? html`<p class="error" id="${id}-error">${messageOf(page, field.name, issue)}</p>`
    : '';
  const described = [field.description ? `${id}-hint` : '', issue ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  // A checkbox left clear is an answer (no): "optional" would only confuse.
  const optional =
    field.required || field.kind === 'boolean'
      ? ''
      : html` <span class="muted">${page.words.t('optional')}</span>`;
  const label = html`${shown(field.label)}${optional}`;
  const value = page.entered[field.name];
  const invalid = issue ? 'true' : 'false';
  if (field.kind === 'boolean') {
    return html`<div class="field${issue ? ' invalid' : ''}">${hint}${error}<label class="check"><input type="checkbox" id="${id}" name="${field.name}" value="true"${value === 'true' ? html` checked` : ''} aria-describedby="${described}"> ${label}</label></div>`;
  }
  if (field.kind === 'select' || field.kind === 'multiselect') {
    const many = field.kind === 'multiselect';
    const chosen = new Set(Array.isArray(value) ? value : value === undefined ? [] : [value as string]);
    const boxes = (field.options ?? []).map(
      (option, i) =>
        html`<label class="check"><input type="${many ? 'checkbox' : 'radio'}" ${i === 0 ? html`id="${id}" ` : ''}name="${many ? `${field.name}.${i}` : field.name}" value="${option.value}"${chosen.has(option.value) ? html` checked` : ''}> ${shown(option.label)}</label>`,
    );
    const most = field.constraints.maxItems;
    const manyHint = many
      ? html`<p class="hint">${most === undefined ? page.words.t('choose-any') : page.validation.t('too-many-items', { count: most })}</p>`
      : '';
    return html`<fieldset class="field${issue ? ' invalid' : ''}" aria-describedby="${described}"><legend>${label}</legend>${hint}${manyHint}${error}${boxes}</fieldset>`;
  }
  const type = INPUT_TYPES[field.kind] ?? 'text';
  const numeric = field.kind === 'number' || field.kind === 'integer';
  const max = field.constraints.maxLength;
  return html`<div class="field${issue ? ' invalid' : ''}"><label for="${id}">${label}</label>${hint}${error}<input type="${type}" id="${id}" name="${field.name}" value="${typeof value === 'string' ? value : ''}"${numeric ? html` inputmode="${field.kind === 'integer' ? 'numeric' : 'decimal'}"` : ''}${max === undefined ? '' : html` maxlength="${max}"`}${field.required ? html` aria-required="true"` : ''} aria-invalid="${invalid}"${described ? html` aria-describedby="${described}"` : ''} spellcheck="false"></div>`;
}
