import { logRef } from '../log.js';
import { html } from '../pages/html.js';
import { isValidVaultName, type Vault } from '../vault/vault.js';
import type { ElicitationKind, KindPage } from './types.js';

/** Options of {@link secretKind}: the vault the secret goes to, and the kind's name. */
export interface SecretKindOptions {
  vault: Vault;
  /** Kind name; default `secret`. */
  name?: string;
  /** Longest accepted value, characters. Default 4096. */
  maxLength?: number;
}

/**
 * Kind `secret` (E-02): a page where the user types an API key or similar. Parameters: `name` (the vault entry,
 * required), `label` (what to call it on the page). The value goes to the vault, bound to (user, name), and
 * never into a page, a log or an MCP message (E-33, E-37).
 */
export function secretKind(options: SecretKindOptions): ElicitationKind {
  const maxLength = options.maxLength ?? 4096;

  const form = (page: KindPage, error?: string) => {
    const label = page.record.params.label || page.record.params.name;
    return page.render({
      title: `Enter ${label}`,
      status: error ? 400 : 200,
      body: html`<h1>Enter ${label}</h1>
<p class="message">${page.record.message}</p>
<p class="muted">Signed in as ${page.user}. What you type here goes straight to this server and is stored encrypted;
the app that sent you here never sees it.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" autocomplete="off">
<input type="hidden" name="csrf" value="${page.csrfToken}">
<label for="value">${label}</label>
<input id="value" name="value" type="password" required maxlength="${maxLength}" autocomplete="off" spellcheck="false">
<button type="submit">Save</button>
</form>`,
    });
  };

  return {
    name: options.name ?? 'secret',
    checkParams(params) {
      if (!isValidVaultName(params.name)) return 'name: required, 1-128 characters of A-Z a-z 0-9 _ . : -';
      return undefined;
    },
    async handle(page) {
      if (page.method === 'GET') return form(page);
      const value = page.form.value ?? '';
      if (value.trim().length === 0) return form(page, 'Enter a value.');
      if (value.length > maxLength) return form(page, `That is longer than ${maxLength} characters.`);
      const name = page.record.params.name as string;
      // Stored before completing, so the client's retry after the completion notice finds the value.
      await options.vault.put(page.user, name, value);
      const outcome = await page.complete();
      page.log.info('secret.stored', {
        elicitation: logRef(page.record.id),
        user: page.user,
        name,
        completed: outcome.ok,
      });
      if (!outcome.ok) {
        return page.render({
          title: 'Link expired',
          status: 410,
          body: html`<h1>Link expired</h1><p>This link stopped working before you saved. Go back to your app and start again.</p>`,
        });
      }
      return page.render({
        title: 'Saved',
        body: html`<h1>Saved</h1><p>Your ${page.record.params.label || name} is stored. You can close this tab and go back to your app.</p>`,
      });
    },
  };
}
