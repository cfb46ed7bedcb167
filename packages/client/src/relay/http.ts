import { isJsonObject, validateContent } from '@elicitkit/core';
import type { RelayLimits } from './limits.js';
import type { Question, QuestionAnswer } from './question.js';
import type { QuestionEvent, RelayStore } from './store.js';

/** What the browser endpoints need from the relay. */
export interface RelayHttpConfig {
  store: RelayStore;
  limits: RelayLimits;
  now: () => number;
  authenticate(request: Request): string | undefined | Promise<string | undefined>;
  basePath: string;
  allowedOrigins: readonly string[];
}

/**
 * The relay's browser endpoints under `basePath`, each for the authenticated principal only:
 * - `GET  <base>/questions`: the pending questions (JSON), `?conversation=` to narrow;
 * - `GET  <base>/questions/events`: Server-Sent Events, a `snapshot` of the pending questions on every (re)connect, then
 *   `asked` and `settled` as they happen. SSE rather than WebSocket: one-way is all a page needs (answers are plain
 *   POSTs), it passes every proxy and serverless platform, and the browser reconnects by itself;
 * - `GET  <base>/questions/<id>`: where one question stands, for a page an answer link opens: `{ id, status }`, the
 *   status `pending`, `answered` (by this person: only they can), `expired` or `withdrawn` (its call ended first);
 * - `POST <base>/questions/<id>/answer`: `{ action, content? }` as JSON; checked (a form's answer against its schema)
 *   before it settles the question, exactly once.
 * Someone else's question is "not found", exactly like one that never existed.
 */
export function relayHttp(config: RelayHttpConfig): (request: Request) => Promise<Response> {
  const base = config.basePath.replace(/\/+$/, '');
  const streams = new Map<string, number>();
  const answers = new Map<string, { windowStart: number; count: number }>();

  return async (request) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(`${base}/questions`)) return problem(404, 'not-found', 'no such endpoint');
    const rest = path.slice(`${base}/questions`.length);
    const principal = await config.authenticate(request);
    if (typeof principal !== 'string' || principal.length === 0) {
      return problem(401, 'unauthenticated', 'sign in to see and answer your questions');
    }
    if (rest === '' || rest === '/') {
      if (request.method !== 'GET') return problem(405, 'method-not-allowed', 'use GET');
      return json(200, { questions: narrowed(await config.store.pending(principal), request) });
    }
    if (rest === '/events') {
      if (request.method !== 'GET') return problem(405, 'method-not-allowed', 'use GET');
      return eventStream(config, streams, principal, request);
    }
    const one = /^\/([A-Za-z0-9-]{1,64})$/.exec(rest);
    if (one) {
      if (request.method !== 'GET') return problem(405, 'method-not-allowed', 'use GET');
      return standing(config, principal, one[1]!);
    }
    const match = /^\/([A-Za-z0-9-]{1,64})\/answer$/.exec(rest);
    if (!match) return problem(404, 'not-found', 'no such endpoint');
    if (request.method !== 'POST') return problem(405, 'method-not-allowed', 'use POST');
    return answer(config, answers, principal, match[1]!, request);
  };
}

function narrowed(questions: Question[], request: Request): Question[] {
  const conversation = new URL(request.url).searchParams.get('conversation');
  return conversation === null ? questions : questions.filter((q) => q.conversation === conversation);
}

/** Where a question of the principal's stands; "not found" alike for one that never existed and someone else's. */
async function standing(config: RelayHttpConfig, principal: string, id: string): Promise<Response> {
  const found = await config.store.get(id);
  if (!found || found.question.principal !== principal) return problem(404, 'not-found', 'no such question');
  const expired = found.status !== 'answered' && found.question.expiresAt <= config.now();
  const status = expired ? 'expired' : found.status;
  return json(200, { id, status });
}

async function answer(
  config: RelayHttpConfig,
  answers: Map<string, { windowStart: number; count: number }>,
  principal: string,
  id: string,
  request: Request,
): Promise<Response> {
  // CSRF: a cross-site page can send neither JSON without a preflight nor an Origin it does not have.
  const refused = crossSite(request, config.allowedOrigins);
  if (refused) return refused;
  if (!overRate(answers, principal, config)) {
    return problem(429, 'too-many-answers', `at most ${config.limits.maxAnswersPerMinute} answers a minute`);
  }
  const body = await readJson(request, config.limits.maxAnswerBytes);
  if (!body.ok) return body.response;
  const found = await config.store.get(id);
  if (!found || found.question.principal !== principal) {
    return problem(404, 'not-found', 'no such question');
  }
  if (found.status !== 'pending') {
    return problem(409, `already-${found.status}`, `the question was ${found.status} already`);
  }
  const checked = checkAnswer(found.question, body.value);
  if (!checked.ok) return json(422, { error: 'invalid-answer', issues: checked.issues });
  // Exactly once: of two answers racing (two tabs), the store lets one settle the question.
  if (!(await config.store.settle(id, 'answered', checked.answer))) {
    const now = await config.store.get(id);
    return problem(409, `already-${now?.status ?? 'answered'}`, 'the question was settled meanwhile');
  }
  return json(200, { status: 'answered' });
}

type Checked = { ok: true; answer: QuestionAnswer } | { ok: false; issues: unknown[] };

/** The answer as its question allows: a form's content checked against the form's schema (E-59, again). */
function checkAnswer(question: Question, body: unknown): Checked {
  const action = isJsonObject(body) ? body.action : undefined;
  if (action === 'decline' || action === 'cancel') return { ok: true, answer: { action } };
  if (question.kind === 'url') {
    return action === 'consent'
      ? { ok: true, answer: { action } }
      : fault('action must be "consent", "decline" or "cancel"');
  }
  if (action !== 'submit') return fault('action must be "submit", "decline" or "cancel"');
  const content = (body as { content?: unknown }).content;
  const checked = validateContent(question.requestedSchema, content ?? {}, { unknownProperties: 'reject' });
  return checked.ok
    ? { ok: true, answer: { action: 'submit', content: checked.value } }
    : { ok: false, issues: checked.issues };
}

function fault(message: string): Checked {
  return { ok: false, issues: [{ path: ['action'], code: 'type', message }] };
}

function crossSite(request: Request, allowed: readonly string[]): Response | undefined {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return problem(415, 'unsupported-media-type', 'send the answer as application/json');
  }
  const origin = request.headers.get('origin');
  const own = new URL(request.url).origin;
  if (origin !== null && origin !== own && !allowed.includes(origin)) {
    return problem(403, 'cross-origin', `answers from ${origin.slice(0, 100)} are not accepted`);
  }
  if (origin === null && request.headers.get('sec-fetch-site') === 'cross-site') {
    return problem(403, 'cross-origin', 'answers from another site are not accepted');
  }
  return undefined;
}

/** Counts an answer against the principal's minute; false when over. Bounded: old windows go as new ones come. */
function overRate(
  answers: Map<string, { windowStart: number; count: number }>,
  principal: string,
  config: RelayHttpConfig,
): boolean {
  const t = config.now();
  const window = answers.get(principal);
  if (!window || t - window.windowStart >= 60_000) {
    if (answers.size >= 10_000) answers.clear();
    answers.set(principal, { windowStart: t, count: 1 });
    return true;
  }
  window.count++;
  return window.count <= config.limits.maxAnswersPerMinute;
}

async function readJson(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const tooLarge = () => ({
    ok: false as const,
    response: problem(413, 'too-large', `at most ${maxBytes} bytes`),
  });
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, response: problem(400, 'invalid-json', 'the body is not JSON') };
  }
}

function eventStream(
  config: RelayHttpConfig,
  streams: Map<string, number>,
  principal: string,
  request: Request,
): Response {
  const open = streams.get(principal) ?? 0;
  if (open >= config.limits.maxStreamsPerPrincipal) {
    return problem(429, 'too-many-streams', `at most ${config.limits.maxStreamsPerPrincipal} open at once`);
  }
  streams.set(principal, open + 1);
  const encoder = new TextEncoder();
  let cleanup: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      // Nothing is written once the page has gone (the stream is closed or cancelled by then).
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup?.();
        }
      };
      const send = (event: string, data: unknown) =>
        write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // Changes that happen while the snapshot is read are queued, then sent after it: nothing is lost between.
      const early: QuestionEvent[] = [];
      let live = false;
      const stop = config.store.watch(principal, (event) => {
        if (!live) early.push(event);
        else deliver(event);
      });
      const deliver = (event: QuestionEvent) => {
        if (event.type === 'asked') {
          if (narrowed([event.question], request).length > 0) send('asked', event.question);
        } else {
          send('settled', { id: event.id, status: event.status });
        }
      };
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), config.limits.heartbeatMs);
      heartbeat.unref?.();
      cleanup = () => {
        if (closed) return;
        closed = true;
        stop();
        clearInterval(heartbeat);
        const left = (streams.get(principal) ?? 1) - 1;
        if (left > 0) streams.set(principal, left);
        else streams.delete(principal);
      };
      const hangUp = () => {
        if (closed) return;
        cleanup?.();
        controller.close();
      };
      if (request.signal.aborted) return hangUp();
      request.signal.addEventListener('abort', hangUp);
      write('retry: 2000\n\n');
      try {
        send('snapshot', { questions: narrowed(await config.store.pending(principal), request) });
      } catch (error) {
        // The store failed: the page's browser reconnects, and the next snapshot may succeed.
        cleanup?.();
        return controller.error(error);
      }
      live = true;
      for (const event of early.splice(0)) deliver(event);
    },
    cancel() {
      cleanup?.();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function problem(status: number, error: string, message: string): Response {
  return json(status, { error, message });
}
