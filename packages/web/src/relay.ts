import type { ElicitationUI, FormPrompt, UrlPrompt } from '@elicitkit/client';
import type { FormQuestion, Question, QuestionAnswer, UrlQuestion } from '@elicitkit/client/relay';
import { type ContentIssue, validateContent, validateField } from '@elicitkit/core';
import { webUI } from './web-ui.js';

/** Options of {@link connectRelay}. */
export interface RelayConnectionOptions {
  /** Shows each question: `webUI()` (its elements, language and theme), or a UI of your own. */
  ui: ElicitationUI;
  /** Where the relay's endpoints are mounted on this page's origin. Default `/elicitkit`. */
  base?: string;
  /** Only this conversation's questions. */
  conversation?: string;
  /**
   * Only this question: the page a link points to (answer by link, from Slack or email). Another person's question, or
   * one already answered, never shows.
   */
  question?: string;
}

/** A page's connection to the relay; `close` stops listening and takes down what is shown. */
export interface RelayConnection {
  /** Stops listening and takes down what is shown (the questions stay pending for the person's other pages). */
  close(): void;
}

/** Question ids already settled, remembered so that a late duplicate is not shown again (bounded). */
const MAX_SETTLED_REMEMBERED = 512;

/**
 * Shows this person's questions from an agent's MCP client running on the server (issue 27; the relay is
 * `@elicitkit/client/relay`): it listens on the relay's Server-Sent Events (the browser reconnects by itself, and each
 * reconnect brings a snapshot), shows each pending question with `ui` one at a time, and sends the answer. A question
 * answered in another tab, or withdrawn, is taken down; an answer the server refuses is shown again with why. A URL is
 * opened by the consent click itself (`webUI()` does), in this browser, as URL mode wants.
 */
export function connectRelay(options: RelayConnectionOptions): RelayConnection {
  const base = (options.base ?? '/elicitkit').replace(/\/+$/, '');
  const query =
    options.conversation === undefined ? '' : `?conversation=${encodeURIComponent(options.conversation)}`;
  const shown = new Map<string, AbortController>();
  const queued: Question[] = [];
  const settled = new Set<string>();
  let pumping = false;
  let closed = false;

  const settle = (id: string) => {
    settled.add(id);
    if (settled.size > MAX_SETTLED_REMEMBERED) settled.delete(settled.values().next().value as string);
    shown.get(id)?.abort();
    const at = queued.findIndex((q) => q.id === id);
    if (at >= 0) queued.splice(at, 1);
  };
  const enqueue = (question: Question) => {
    if (options.question !== undefined && question.id !== options.question) return;
    if (settled.has(question.id) || shown.has(question.id) || queued.some((q) => q.id === question.id))
      return;
    queued.push(question);
    void pump();
  };
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      for (let next = queued.shift(); next && !closed; next = queued.shift()) await show(next);
    } finally {
      pumping = false;
    }
  };
  const show = async (question: Question) => {
    const withdrawn = new AbortController();
    shown.set(question.id, withdrawn);
    try {
      let issues: ContentIssue[] | undefined;
      for (;;) {
        const answer: QuestionAnswer =
          question.kind === 'form'
            ? await options.ui.form(formPrompt(question, withdrawn.signal, issues))
            : await options.ui.url(urlPrompt(question, withdrawn.signal));
        if (withdrawn.signal.aborted) return;
        const response = await fetch(`${base}/questions/${encodeURIComponent(question.id)}/answer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(answer),
        });
        if (response.status !== 422 || question.kind !== 'form') return;
        // The server's own check refused it (a rule the page could not see): ask again, saying why.
        issues = ((await response.json()) as { issues?: ContentIssue[] }).issues ?? [];
      }
    } catch {
      // The page stays up: the question is still pending on the server, and comes back with the next snapshot.
    } finally {
      shown.delete(question.id);
    }
  };

  const source = new EventSource(`${base}/questions/events${query}`, { withCredentials: true });
  const data = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
  source.addEventListener('snapshot', (event) => {
    const { questions } = data(event) as { questions: Question[] };
    const pending = new Set(questions.map((q) => q.id));
    // Settled while this page was away: taken down.
    for (const id of [...shown.keys(), ...queued.map((q) => q.id)]) if (!pending.has(id)) settle(id);
    for (const question of questions) enqueue(question);
  });
  source.addEventListener('asked', (event) => enqueue(data(event) as Question));
  source.addEventListener('settled', (event) => settle((data(event) as { id: string }).id));

  return {
    close() {
      closed = true;
      source.close();
      queued.length = 0;
      for (const controller of shown.values()) controller.abort();
    },
  };
}

function formPrompt(question: FormQuestion, signal: AbortSignal, issues?: ContentIssue[]): FormPrompt {
  const schema = question.requestedSchema;
  const prompt: FormPrompt = {
    kind: 'form',
    id: question.id,
    requester: question.requester,
    message: question.message,
    signal,
    fields: question.fields,
    requestedSchema: schema,
    initial: question.initial,
    validateField: (name, value) => validateField(schema, name, value),
    validate: (answers) => validateContent(schema, answers, { unknownProperties: 'reject' }),
  };
  const shown = issues ?? question.issues;
  return shown ? { ...prompt, issues: shown } : prompt;
}

function urlPrompt(question: UrlQuestion, signal: AbortSignal): UrlPrompt {
  return {
    kind: 'url',
    id: question.id,
    requester: question.requester,
    message: question.message,
    signal,
    flowId: question.id,
    url: question.url,
    origin: 'request',
  };
}

/** The tag {@link defineRelayElement} registers by default. */
export const RELAY_ELEMENT_NAME = 'elicit-questions';

/**
 * Registers `<elicit-questions>` (idempotent): the person's pending questions, shown in place, for pages that just want
 * it to work. While it is in the document it listens to the relay (`connectRelay` with `webUI()`, prompts drawn inside
 * it) and its attributes are the options: `base`, `conversation`, `question`, and `locale` and `theme` for the
 * prompts. Taken out of the document, it stops listening.
 */
export function defineRelayElement(
  registry: CustomElementRegistry = customElements,
  name: string = RELAY_ELEMENT_NAME,
): void {
  if (registry.get(name)) return;
  registry.define(
    name,
    class extends HTMLElement {
      #connection: RelayConnection | undefined;

      connectedCallback(): void {
        const attribute = (key: string) => this.getAttribute(key) ?? undefined;
        const theme = attribute('theme');
        const locale = attribute('locale');
        const ui = webUI({
          container: this,
          ...(locale && { locale }),
          ...((theme === 'light' || theme === 'dark') && { theme }),
        });
        const [base, conversation, question] = [
          attribute('base'),
          attribute('conversation'),
          attribute('question'),
        ];
        this.#connection = connectRelay({
          ui,
          ...(base && { base }),
          ...(conversation && { conversation }),
          ...(question && { question }),
        });
      }

      disconnectedCallback(): void {
        this.#connection?.close();
        this.#connection = undefined;
      }
    },
  );
}
