import {
  type ContentIssue,
  formModel,
  type RequestedSchema,
  sanitizeForDisplay,
  type Translator,
  type ValidationMessageKey,
  validateContent,
  validationMessages,
} from '@elicitkit/core';
import type { ElicitationKind, KindPage } from '../kinds/types.js';
import { logRef } from '../log.js';
import { html } from '../pages/html.js';
import type { Vault } from '../vault/vault.js';
import { contentOf, defaultsOf, type Entered, enteredOf, formBody } from './form-page.js';
import { acceptedLanguages, type PageWordKey, pageWords } from './page-words.js';
import { answerEntryName, type FallbackEntry } from './records.js';

/** The kind of the fallback's pages (issue 37): registered by `createUrlMode({ formFallback })`. */
export const FALLBACK_FORM_KIND = 'elicitkit-form';

/**
 * The page behind a fallback link: the form the host would have drawn, after URL mode's sign-in and same-user check
 * (E-61..E-63: only the person the call was made for reaches this handler). A valid answer is kept encrypted in the
 * vault under the call's key, then the flow completes; the tool call made again takes it, once.
 */
export function fallbackFormKind(vault: Vault): ElicitationKind {
  return {
    name: FALLBACK_FORM_KIND,
    checkParams: (params) =>
      typeof params.schema === 'string' && typeof params.key === 'string'
        ? undefined
        : 'schema and key: required',
    async handle(page) {
      const languages = acceptedLanguages(page.request);
      const words = await pageWords.load(languages);
      const validation = await validationMessages.load(languages);
      const schema = JSON.parse(page.record.params.schema as string) as RequestedSchema;
      const fields = formModel(schema);
      if (page.method === 'GET')
        return render(page, words, { entered: defaultsOf(fields), issues: [], validation });
      const entered = enteredOf(fields, page.form);
      const checked = validateContent(schema, contentOf(fields, entered));
      if (!checked.ok)
        return render(page, words, { entered, issues: checked.issues, validation, status: 400 });
      const name = answerEntryName(page.record.params.key as string);
      const entry: FallbackEntry = { id: page.record.id, answer: checked.value };
      // Kept before completing, so a call made again the moment the page says "saved" finds it.
      await vault.put(page.user, name, JSON.stringify(entry));
      const outcome = await page.complete();
      page.log.info('fallback.answered', { elicitation: logRef(page.record.id), completed: outcome.ok });
      if (!outcome.ok) {
        await vault.delete(page.user, name);
        return said(page, words, 'expired.title', 'expired.body', 410);
      }
      return said(page, words, 'done.title', 'done.body', 200);
    },
  };
}

function render(
  page: KindPage,
  words: Translator<PageWordKey>,
  state: {
    entered: Entered;
    issues: readonly ContentIssue[];
    validation: Translator<ValidationMessageKey>;
    status?: number;
  },
): Promise<Response> | Response {
  const issues = new Map<string, ContentIssue>();
  for (const issue of state.issues) {
    const name = String(issue.path[0] ?? '');
    if (!issues.has(name)) issues.set(name, issue);
  }
  const validation = state.validation;
  const fields = formModel(JSON.parse(page.record.params.schema as string) as RequestedSchema);
  return page.render({
    title: words.t('title'),
    lang: words.language,
    dir: words.dir,
    ...(state.status !== undefined && { status: state.status }),
    body: html`<h1>${words.t('title')}</h1>
<p class="message">${sanitizeForDisplay(page.record.message, { allowNewlines: true, maxLength: 4000 })}</p>
<p class="muted">${words.t('intro')} ${words.t('signed-in', { user: page.user })}</p>
${formBody({ fields, entered: state.entered, issues, words, validation, csrfToken: page.csrfToken })}`,
  });
}

function said(
  page: KindPage,
  words: Translator<PageWordKey>,
  title: PageWordKey,
  body: PageWordKey,
  status: number,
) {
  const tool = sanitizeForDisplay(page.record.params.tool ?? '', { maxLength: 128 });
  return page.render({
    title: words.t(title),
    lang: words.language,
    dir: words.dir,
    status,
    body: html`<h1>${words.t(title)}</h1><p>${words.t(body, { tool })}</p>`,
  });
}
