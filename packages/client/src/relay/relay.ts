import { behindProxy, type PublicOriginOptions } from '@elicitkit/core';
import type { CallToolRequest, CallToolResult, Client } from '@modelcontextprotocol/client';
import {
  type CallCheckpoint,
  callToolWithElicitation,
  resumeToolCall,
  type UrlElicitationRetryOptions,
} from '../calls.js';
import type { TaskOptions } from '../installed.js';
import type { UrlOpener } from '../open/opener.js';
import type { ElicitationUI, FormAnswer, UrlAnswer } from '../ui.js';
import { relayHttp } from './http.js';
import { type RelayLimits, relayLimits } from './limits.js';
import { memoryRelayStore } from './memory-store.js';
import {
  formQuestion,
  type Question,
  type QuestionAddress,
  type QuestionAnswer,
  urlQuestion,
} from './question.js';
import type { RelayCall, RelayStore } from './store.js';

/**
 * Options of {@link createRelay}. Behind a reverse proxy that terminates TLS, give `publicUrl` (or `trustProxy`): the
 * same options, with the same meaning, as the server's `behindProxy`, so an answer's `Origin` (`https://…`) is
 * compared with the origin the browser used, not with the `http://…` the proxy forwards to.
 */
export interface RelayOptions extends PublicOriginOptions {
  /**
   * Who sent a browser request: the app's name for the signed-in person (from its session cookie, a bearer, the
   * framework's auth), or undefined (401). The same names the agent passes to {@link Relay.ui}.
   */
  authenticate(request: Request): string | undefined | Promise<string | undefined>;
  /** Where questions are kept; default {@link memoryRelayStore} (one process). */
  store?: RelayStore;
  /** Where the endpoints live, e.g. `/elicitkit` (the default): `<basePath>/questions`, `…/events`, `…/<id>/answer`. */
  basePath?: string;
  /** Origins of pages allowed to answer besides the endpoint's own (CSRF): e.g. the app's front end on another port. */
  allowedOrigins?: readonly string[];
  limits?: Partial<RelayLimits>;
  /**
   * Each new question, once stored: where a channel adapter posts it for people who are not on a page (Slack, Teams,
   * email, SMS), with a link to a page of yours that shows just that question (`connectRelay({ question: id })`). The
   * person signs in there as usual; only they can answer, once. A failing hook is reported to `onError`, and the
   * question stays answerable from every page.
   */
  onAsked?: (question: Question) => void | Promise<void>;
  /**
   * Where what fails with no caller to tell is reported: `onAsked`, a store that failed (the call hears `cancel`), a
   * store read in the background. Default: `console.error`.
   */
  onError?: (error: unknown) => void;
  /** The relay's clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

/**
 * The relay (issue 27): the UI of MCP clients that run on a server, for people who are somewhere else. Each question
 * a client's host pipeline asks (after its checks: schema rules, URL analysis, rate limits) is stored, addressed to
 * the person the agent acts for, and shown in every page of theirs that listens; the first valid answer wins, every
 * other page sees it closed. Mount {@link Relay.fetch} where pages can reach it.
 */
export interface Relay {
  /**
   * The UI for an MCP client acting for `address.principal`: `installElicitation(client, { ui: relay.ui(...),
   * opener: relay.opener })`, or `createElicitationHandler` for other clients (the AI SDK, Mastra).
   */
  ui(address: QuestionAddress): ElicitationUI;
  /** The opener to pair with {@link ui}: nothing opens on the server; the person's page opens a consented URL. */
  readonly opener: UrlOpener;
  /** The browser endpoints, fetch-style (Next.js route handlers, workers, hono; Node `http` through an adapter). */
  fetch(request: Request): Promise<Response>;
  /**
   * `callToolWithElicitation` on a client whose UI is `relay.ui(address)`, kept in the store while it runs: on
   * 2026-07-28 with where it stands (each round's `requestState`, or its task id), so that after a restart
   * {@link recover} hands it back and `call(..., { resume })` finishes it, its questions answered once. With
   * `resume`, `address` and `params` are the resumed call's own.
   */
  call(
    client: Client,
    address: QuestionAddress,
    params: CallToolRequest['params'],
    options?: RelayCallOptions,
  ): Promise<CallToolResult>;
  /**
   * At start, after a restart: takes over what the previous life left in the store. Calls that can go on (a 2026
   * round or a task) come back as `resumable`: pass each to {@link call} with `{ resume }`; their questions stay up.
   * Calls that cannot (2025 requests die with their stream) come back as `lost` and their questions are withdrawn,
   * as is every question no call waits for. With the memory store there is never anything to recover.
   */
  recover(): Promise<{ resumable: RelayCall[]; lost: RelayCall[] }>;
  /**
   * Stops asking for this process (a graceful shutdown): calls that can be resumed keep their questions up and
   * their place in the store for the next life; the rest are withdrawn as their calls end.
   */
  close(): void;
}

/** Options of {@link Relay.call}: those of `callToolWithElicitation`, and the call to resume. */
export interface RelayCallOptions extends UrlElicitationRetryOptions, TaskOptions {
  /** A call {@link Relay.recover} returned as resumable. */
  resume?: RelayCall;
}

/** Makes a {@link Relay}: one per process, shared by the MCP clients of every person the agent acts for. */
export function createRelay(options: RelayOptions): Relay {
  const limits = relayLimits(options.limits);
  const now = options.now ?? Date.now;
  const store = options.store ?? memoryRelayStore({ now });

  // The call each async context runs for (`relay.call`), so that its questions carry it. Loaded by the first
  // relay.call: a relay that only serves `ui` needs nothing of Node (a worker without nodejs_als).
  let currentCall: CallContexts | undefined;
  // One load shared by every call that starts before it is done: they must all run in the same storage.
  let loadingCalls: Promise<CallContexts> | undefined;
  let closing = false;

  const onError = options.onError ?? ((error: unknown) => console.error('elicitkit relay:', error));

  /** Stores `question` (or finds it asked already by this call's previous life) and waits for its answer. */
  const ask = (question: Question, signal: AbortSignal): Promise<QuestionAnswer> =>
    new Promise((resolve) => {
      let done = false;
      let id = question.id;
      let expiry: ReturnType<typeof setTimeout> | undefined;
      let recheck: ReturnType<typeof setInterval> | undefined;
      const finish = (answer: QuestionAnswer) => {
        if (done) return;
        done = true;
        stopWatching();
        signal.removeEventListener('abort', withdraw);
        clearTimeout(expiry);
        clearInterval(recheck);
        resolve(answer);
      };
      const stopWatching = store.watch(question.principal, (event) => {
        if (event.type !== 'settled' || event.id !== id) return;
        finish(event.status === 'answered' && event.answer ? event.answer : { action: 'cancel' });
      });
      // The call ended or was cancelled, or the question expired: every page sees it withdrawn. A resumable call's
      // question stays up through a graceful shutdown, for the next life.
      const withdraw = () => {
        if (closing && question.call !== undefined) return finish({ action: 'cancel' });
        void store.settle(id, 'withdrawn').finally(() => finish({ action: 'cancel' }));
      };
      const expireAt = (at: number) => {
        expiry = setTimeout(withdraw, Math.max(0, at - now()));
        expiry.unref?.();
        // A shared store's feed can miss an event (its connection dropped for a moment): read the question now and then.
        if (!store.recheckMs) return;
        recheck = setInterval(() => {
          store.get(id).then((current) => {
            if (current?.status === 'answered' && current.answer) finish(current.answer);
            else if (current && current.status !== 'pending') finish({ action: 'cancel' });
          }, onError);
        }, store.recheckMs);
        recheck.unref?.();
      };
      signal.addEventListener('abort', withdraw, { once: true });
      if (signal.aborted) return withdraw();
      store
        .add(question, limits.maxPendingPerPrincipal)
        .then(async (result) => {
          if (result.added) {
            expireAt(question.expiresAt);
            // Withdrawn while it was being stored (the withdrawal found nothing to settle then): withdrawn now.
            if (done) return void store.settle(id, 'withdrawn');
            return tellChannels(question);
          }
          // Over the person's limit: answered `cancel` at once, as a host's rate limit does.
          if (!('existing' in result)) return finish({ action: 'cancel' });
          // Asked by this call before a restart: the same question, answered already or still up.
          id = result.existing.id;
          if (result.answer) return finish(result.answer);
          expireAt(result.existing.expiresAt);
          // Settled between the store's look and now: read once more.
          const current = await store.get(id);
          if (current?.status === 'answered' && current.answer) finish(current.answer);
          else if (current?.status !== 'pending') finish({ action: 'cancel' });
        })
        .catch((error: unknown) => {
          // The store failed (Redis down): the call hears `cancel`, and the operator hears why.
          onError(error);
          finish({ action: 'cancel' });
        });
    });

  const tellChannels = (question: Question) => {
    if (!options.onAsked) return;
    try {
      Promise.resolve(options.onAsked(question)).catch(onError);
    } catch (error) {
      onError(error);
    }
  };

  const base = (address: QuestionAddress) => {
    const askedAt = now();
    const call = currentCall?.getStore();
    // A call made for one person through a client whose UI asks another: refused rather than shown to the wrong one.
    if (call && call.principal !== address.principal) {
      // Thrown to the pipeline (which answers the server `cancel`) and kept for relay.call to throw to its caller.
      call.refused ??= new TypeError(
        `relay.call for ${JSON.stringify(call.principal)} through a client whose relay.ui asks ${JSON.stringify(address.principal)}`,
      );
      throw call.refused;
    }
    return {
      id: crypto.randomUUID(),
      principal: address.principal,
      ...(address.conversation !== undefined && { conversation: address.conversation }),
      ...(call && { call: call.id }),
      askedAt,
      expiresAt: askedAt + limits.questionTtlMs,
    };
  };

  /** The question, with its `resumeKey` when a call asks it: what a resumed call matches its questions by. */
  const keyed = async <Q extends Question>(question: Q, inputRequestKey?: string): Promise<Q> => {
    if (question.call === undefined) return question;
    const what =
      question.kind === 'form'
        ? [question.call, 'form', inputRequestKey ?? '', question.message, question.requestedSchema]
        : [question.call, 'url', question.message, question.url.href];
    return { ...question, resumeKey: await sha256(JSON.stringify(what)) };
  };

  const call: Relay['call'] = async (client, address, params, callOptions = {}) => {
    const { resume, ...options } = callOptions;
    const record: RelayCall = resume ?? {
      id: crypto.randomUUID(),
      principal: address.principal,
      ...(address.conversation !== undefined && { conversation: address.conversation }),
      params: { name: params.name, ...(params.arguments && { arguments: params.arguments }) },
      startedAt: now(),
    };
    if (!resume) await store.saveCall(record);
    const checkpointed = async (checkpoint: CallCheckpoint) => {
      // A resumed call starts from the checkpoint it was kept with: the same round, whose answers still stand.
      if (JSON.stringify(checkpoint) !== JSON.stringify(record.checkpoint)) {
        // The answers of the round before are spent first: a crash between the two asks again, never re-sends.
        await store.retire(record.id);
        record.checkpoint = checkpoint;
        await store.saveCall(record);
      }
      await options.onCheckpoint?.(checkpoint);
    };
    const withCheckpoints = {
      ...options,
      onCheckpoint: checkpointed,
      // A task's answers are spent once they reached the server: a resumed task does not take them again.
      onTaskAnswered: (taskId: string) => {
        void store.retire(record.id).catch(onError);
        options.onTaskAnswered?.(taskId);
      },
    };
    let ended = true;
    const context: CallContext = { id: record.id, principal: record.principal };
    try {
      loadingCalls ??= callContexts();
      currentCall = await loadingCalls;
      const result = await currentCall.run(context, () =>
        resume?.checkpoint
          ? resumeToolCall(client, resume.params, resume.checkpoint, withCheckpoints)
          : callToolWithElicitation(client, params, withCheckpoints),
      );
      if (context.refused) throw context.refused;
      return result;
    } catch (error) {
      // Shutting down with a call that can go on: left for the next life's recover().
      if (closing && record.checkpoint) ended = false;
      throw error;
    } finally {
      if (ended) await endCall(record);
    }
  };

  /** Forgets an ended call; a question it left up (asked before a restart and never asked again) is withdrawn. */
  const endCall = async (record: RelayCall) => {
    await store.endCall(record.id);
    for (const question of await store.pending(record.principal)) {
      if (question.call === record.id) await store.settle(question.id, 'withdrawn');
    }
  };

  return {
    ui(address) {
      if (typeof address?.principal !== 'string' || address.principal.length === 0) {
        throw new TypeError('relay.ui: address.principal must name the person the agent acts for');
      }
      return {
        // Every question is its own item on the person's pages: none waits for another to be answered.
        concurrent: true,
        async form(prompt): Promise<FormAnswer> {
          const question = await keyed(formQuestion(prompt, base(address)), prompt.inputRequestKey);
          const answer = await ask(question, prompt.signal);
          if (answer.action === 'submit') return answer;
          return answer.action === 'consent' ? { action: 'cancel' } : { action: answer.action };
        },
        async url(prompt): Promise<UrlAnswer> {
          const answer = await ask(await keyed(urlQuestion(prompt, base(address))), prompt.signal);
          return answer.action === 'submit' ? { action: 'cancel' } : answer;
        },
      };
    },
    opener: async () => {},
    call,
    async recover() {
      const { calls, questions } = await store.takeOver();
      const resumable = calls.filter((c) => c.checkpoint !== undefined);
      const lost = calls.filter((c) => c.checkpoint === undefined);
      const goingOn = new Set(resumable.map((c) => c.id));
      for (const question of questions) {
        if (question.call === undefined || !goingOn.has(question.call))
          await store.settle(question.id, 'withdrawn');
      }
      for (const c of lost) await store.endCall(c.id);
      return { resumable, lost };
    },
    close() {
      closing = true;
    },
    fetch: behindProxy(
      relayHttp({
        store,
        limits,
        now,
        authenticate: options.authenticate,
        basePath: options.basePath ?? '/elicitkit',
        allowedOrigins: options.allowedOrigins ?? [],
      }),
      options,
    ),
  };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The call each async context runs for (`relay.call`), so that the questions it asks carry it. */
interface CallContexts {
  getStore(): CallContext | undefined;
  run<R>(context: CallContext, fn: () => R): R;
}
type CallContext = { id: string; principal: string; refused?: Error };

async function callContexts(): Promise<CallContexts> {
  try {
    const { AsyncLocalStorage } = await import('node:async_hooks');
    return new AsyncLocalStorage<CallContext>();
  } catch (error) {
    throw new TypeError(
      'relay.call needs AsyncLocalStorage (node:async_hooks): Node, or a worker with the nodejs_als flag',
      { cause: error },
    );
  }
}
