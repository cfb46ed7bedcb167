/**
 * The person's pages of a relay (`@elicitkit/client/relay`, an agent's MCP client on the server): `connectRelay` shows
 * that person's questions with a UI and sends the answers; `<elicit-questions>` (`defineRelayElement`) does it in markup.
 *
 * @module @elicitkit/web/relay
 */
import type { ElicitationUI, FormPrompt, UrlPrompt } from '@elicitkit/client';
import type { FormQuestion, Question, QuestionAnswer, UrlQuestion } from '@elicitkit/client/relay';
import { type ContentIssue, type NotAcceptedReason, validateContent, validateField } from '@elicitkit/core';
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
  /**
   * An answer to a URL question was not taken (a form shows why itself, with what the person typed): the issue's
   * `params.reason` says why; word it with `issueMessage`. The question is asked again unless it is gone.
   */
  onRefused?: (issue: ContentIssue) => void;
  /**
   * With `question`: hears where that question stands whenever it is not (or no longer) open to answer here, so the
   * page can say what happened: `answered` (by this person, here or elsewhere), `expired`, `withdrawn` (what asked
   * it ended), or `not-found` (it never existed, or it is someone else's: the relay says the same for both).
   */
  onLinkedQuestion?: (status: LinkedQuestionStatus) => void;
}

/** Where an answer link's question stands when it is not open: see {@link RelayConnectionOptions.onLinkedQuestion}. */
export type LinkedQuestionStatus = 'answered' | 'expired' | 'withdrawn' | 'not-found';

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
 * answered in another tab, or withdrawn, is taken down. An answer that is not taken, for whatever reason (the form's
 * own check, signed out, another origin, too large, too many, the server or the network failing), is shown again
 * with what the person entered and why, in their language (a `not-accepted` issue). A URL is
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
  /** Aborts, on `close`, the prompts of questions that are gone but still shown with why. */
  const lingering = new AbortController();
  const show = async (question: Question) => {
    const withdrawn = new AbortController();
    shown.set(question.id, withdrawn);
    try {
      let again: Retry | undefined;
      for (;;) {
        // A question that is gone (answered elsewhere, closed) is shown once more with why, on a signal of its own
        // (its settling must not take the words away; closing the connection does): the person reads it and keeps
        // what they typed; nothing they do then is sent.
        const signal = again?.gone ? lingering.signal : withdrawn.signal;
        const answer: QuestionAnswer =
          question.kind === 'form'
            ? await options.ui.form(formPrompt(question, signal, again))
            : await options.ui.url(urlPrompt(question, signal));
        if (withdrawn.signal.aborted || again?.gone) return;
        again = await send(base, question, answer);
        if (!again) return;
        if (question.kind === 'url') {
          // A URL question has no place for words: `onRefused` says why, and it is asked again unless gone.
          options.onRefused?.(again.issues[0]!);
          if (again.gone) return;
        }
      }
    } catch {
      // The page stays up: the question is still pending on the server, and comes back with the next snapshot.
    } finally {
      shown.delete(question.id);
      if (question.id === options.question) void reportLinked();
    }
  };

  // An answer link's question that is not open here: where it stands, told once per change.
  let toldLinked: LinkedQuestionStatus | undefined;
  const reportLinked = async () => {
    const id = options.question;
    if (id === undefined || !options.onLinkedQuestion || shown.has(id) || queued.some((q) => q.id === id))
      return;
    const status = await linkedStatus(base, id);
    if (status === undefined || status === toldLinked || closed) return;
    toldLinked = status;
    options.onLinkedQuestion(status);
  };

  const source = new EventSource(`${base}/questions/events${query}`, { withCredentials: true });
  const data = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
  source.addEventListener('snapshot', (event) => {
    const { questions } = data(event) as { questions: Question[] };
    const pending = new Set(questions.map((q) => q.id));
    // Settled while this page was away: taken down.
    for (const id of [...shown.keys(), ...queued.map((q) => q.id)]) if (!pending.has(id)) settle(id);
    for (const question of questions) enqueue(question);
    void reportLinked();
  });
  source.addEventListener('asked', (event) => enqueue(data(event) as Question));
  source.addEventListener('settled', (event) => {
    const { id } = data(event) as { id: string };
    settle(id);
    if (id === options.question) void reportLinked();
  });

  return {
    close() {
      closed = true;
      source.close();
      queued.length = 0;
      for (const controller of shown.values()) controller.abort();
      lingering.abort();
    },
  };
}

/** Where one question stands (`GET <base>/questions/<id>`); undefined while it is open, or when that cannot be read. */
async function linkedStatus(base: string, id: string): Promise<LinkedQuestionStatus | undefined> {
  try {
    const response = await fetch(`${base}/questions/${encodeURIComponent(id)}`, {
      credentials: 'same-origin',
    });
    if (response.status === 404) return 'not-found';
    if (!response.ok) return undefined;
    const { status } = (await response.json()) as { status?: unknown };
    return status === 'answered' || status === 'expired' || status === 'withdrawn' ? status : undefined;
  } catch {
    return undefined; // the server is away: the next snapshot asks again
  }
}

/** Why an answer was not taken, and what to show again: the answers the person sent, and the issues saying why. */
interface Retry {
  issues: ContentIssue[];
  sent?: Record<string, unknown>;
  /** The question is no longer open: shown once more, nothing sent again. */
  gone: boolean;
}

/** Sends an answer; undefined when it was taken, else why not (every refusal in words, E-59). */
async function send(base: string, question: Question, answer: QuestionAnswer): Promise<Retry | undefined> {
  const sent = answer.action === 'submit' ? answer.content : undefined;
  let response: Response;
  try {
    response = await fetch(`${base}/questions/${encodeURIComponent(question.id)}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(answer),
    });
  } catch {
    return refused('network', sent);
  }
  if (response.ok) return undefined;
  if (response.status === 422 && question.kind === 'form') {
    // The server's own check refused it (a rule the page could not see): ask again, saying why.
    const body = (await response.json().catch(() => ({}))) as { issues?: ContentIssue[] };
    return { issues: body.issues ?? [], ...(sent && { sent }), gone: false };
  }
  return refused(REFUSALS[response.status] ?? 'server', sent);
}

const REFUSALS: Record<number, NotAcceptedReason> = {
  401: 'signed-out',
  403: 'forbidden',
  404: 'not-found',
  409: 'settled',
  413: 'too-large',
  415: 'forbidden',
  429: 'rate-limited',
};

function refused(reason: NotAcceptedReason, sent: Record<string, unknown> | undefined): Retry {
  const issue: ContentIssue = {
    path: [],
    code: 'not-accepted',
    message: `the answer was not accepted (${reason})`,
    params: { reason },
  };
  return { issues: [issue], ...(sent && { sent }), gone: reason === 'not-found' || reason === 'settled' };
}

function formPrompt(question: FormQuestion, signal: AbortSignal, again?: Retry): FormPrompt {
  const schema = question.requestedSchema;
  const prompt: FormPrompt = {
    kind: 'form',
    id: question.id,
    requester: question.requester,
    message: question.message,
    signal,
    fields: question.fields,
    requestedSchema: schema,
    initial: again?.sent
      ? { ...question.initial, ...(again.sent as FormPrompt['initial']) }
      : question.initial,
    validateField: (name, value) => validateField(schema, name, value),
    validate: (answers) => validateContent(schema, answers, { unknownProperties: 'reject' }),
  };
  const shown = again?.issues ?? question.issues;
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

const LINKED_WORDS = {
  answered: 'link.answered',
  expired: 'link.expired',
  withdrawn: 'link.withdrawn',
  'not-found': 'link.notFound',
} as const;

/** The tag {@link defineRelayElement} registers by default. */
export const RELAY_ELEMENT_NAME = 'elicit-questions';

/**
 * Registers `<elicit-questions>` (idempotent): the person's pending questions, shown in place, for pages that just want
 * it to work. While it is in the document it listens to the relay (`connectRelay` with `webUI()`, prompts drawn inside
 * it) and its attributes are the options: `base`, `conversation`, `question`, and `locale` and `theme` for the
 * prompts. With `question` (an answer link's page), a question that is not open says why (answered, expired,
 * withdrawn, not found) with a link back to the person's open questions: `questions-href`, default this page without
 * `?question=`. Taken out of the document, it stops listening.
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
          ...(question && { question, onLinkedQuestion: (status) => void this.#tell(status) }),
        });
      }

      disconnectedCallback(): void {
        this.#connection?.close();
        this.#connection = undefined;
        this.querySelector(':scope > .elicit-linked')?.remove();
      }

      /** Says what happened to the linked question, with a way back to the person's open questions. */
      async #tell(status: LinkedQuestionStatus): Promise<void> {
        const [{ loadMessages }, { resolveLocale }] = await Promise.all([
          import('./i18n/messages.js'),
          import('./locale.js'),
        ]);
        const t = (await loadMessages(resolveLocale(this, undefined))).ui;
        let note = this.querySelector<HTMLElement>(':scope > .elicit-linked');
        if (!note) {
          note = document.createElement('div');
          note.className = 'elicit-linked';
          note.setAttribute('role', 'status');
          this.prepend(note);
        }
        const text = document.createElement('p');
        text.textContent = t.t(LINKED_WORDS[status]);
        const back = document.createElement('a');
        const open = new URL(location.href);
        open.searchParams.delete('question');
        back.href = this.getAttribute('questions-href') ?? `${open.pathname}${open.search}`;
        back.textContent = t.t('link.back');
        note.replaceChildren(text, back);
      }
    },
  );
}
