import type { Redis } from 'ioredis';

/** Several bridge instances behind one load balancer: where each 2026-07-28 round's held call lives. */
export interface SharedRoundsOptions {
  /** A `redis://` or `rediss://` URL; the bridge opens and closes its connection (needs the `ioredis` package). */
  redis: string;
  /**
   * Where the other instances reach this one (its path defaults to the endpoint's), e.g. `http://10.0.0.7:3000`.
   * Default: the address it listens on; required when that is every interface (`0.0.0.0`, `::`), which is never
   * advertised. Its host joins the accepted `Host` names, so a forwarded request passes the check.
   */
  advertise?: string | URL;
  /** Put before every key, so several deployments share one Redis. Default `elicitkit:bridge:`. */
  keyPrefix?: string;
  /**
   * Where a Redis failure is reported. The request is then served where it landed (a retry whose call is elsewhere
   * hears that it is no longer held). Default `console.error`.
   */
  onError?: (error: unknown) => void;
}

/** Marks a request one instance forwarded to another: it is served there, never forwarded again. */
const HOP_HEADER = 'x-elicitkit-bridge-hop';
/** Largest request body looked into for a `requestState` (a larger one is served where it lands). */
const MAX_LOOKED_AT_BYTES = 4 * 1024 * 1024;
/** Headers not carried to the instance a request is forwarded to (the hop's own). */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

type Fetch = (request: Request) => Promise<Response>;

/**
 * Routes a 2026-07-28 host's retry to the instance that holds its upstream call, so that hosts need no sticky sessions.
 * Every `requestState` an instance sends, and every task it creates, is noted in Redis under its digest with the
 * instance's endpoint, for as long as the call may be held (a task: its `ttlMs`); a retry whose `requestState` was
 * sent by another instance, or a `tasks/get` / `tasks/update` / `tasks/cancel` of another instance's task, is
 * forwarded there as it came (headers, body; the answer streams back). The bridge's own state and tasks stay on
 * their holder: nothing else is shared. 2025 sessions are one instance's by nature (their session id): not routed.
 */
export async function roundRouter(
  options: SharedRoundsOptions,
  self: URL,
  holdMs: number,
  /** The instances share their tasks (a shared task store and checkpoints): any of them can serve a task's request. */
  tasksShared = false,
): Promise<{ wrap(fetch: Fetch): Fetch; close(): Promise<void> }> {
  const prefix = options.keyPrefix ?? 'elicitkit:bridge:';
  // Loaded only when instances share rounds: a single bridge never needs ioredis.
  const { Redis } = await import('ioredis').catch((error: unknown) => {
    throw new Error('sharing rounds between bridge instances needs ioredis: npm install ioredis', {
      cause: error,
    });
  });
  const redis: Redis = new Redis(options.redis, { maxRetriesPerRequest: 2, commandTimeout: 3000 });
  const keyOf = async (route: Route) => `${prefix}${route.kind}:${await digest(route.id)}`;
  const onError =
    options.onError ?? ((error: unknown) => console.error(`elicitkit bridge: ${oneLine(error)}`));
  // ioredis reports every reconnect attempt: the first failure is told, the rest wait until Redis is back.
  let down = false;
  redis.on('error', (error: unknown) => {
    if (!down) onError(error);
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });

  /** Notes this instance as the holder of the round or task `text` (a JSON-RPC response) hands the host. */
  const note = async (text: string) => {
    const route = routeIn(text, 'result');
    if (!route) return;
    await redis.set(await keyOf(route), self.href, 'PX', Math.max(holdMs, route.ttlMs ?? 0)).catch(onError);
  };

  const wrap =
    (fetch: Fetch): Fetch =>
    async (request) => {
      const sized = Number(request.headers.get('content-length') ?? 0);
      if (request.method !== 'POST' || request.headers.has('mcp-session-id') || sized > MAX_LOOKED_AT_BYTES) {
        return fetch(request);
      }
      const body = await request.arrayBuffer();
      const route = routeIn(new TextDecoder().decode(body), 'params');
      if (route && !request.headers.has(HOP_HEADER)) {
        const holder = await redis.get(await keyOf(route)).catch((error: unknown) => {
          onError(error);
          return null;
        });
        if (holder && holder !== self.href) {
          try {
            return await forward(holder, request, body);
          } catch (error) {
            // The holder is gone (stopped, or unreachable): its calls went with it. The host hears so, as an MCP
            // error it can act on (call again), and the route is dropped so that no later request tries it.
            onError(
              new Error(`bridge instance ${holder} holding a call cannot be reached`, { cause: error }),
            );
            await redis.del(await keyOf(route)).catch(() => {});
            // A task the instances share: served here, whose engine takes it over once the holder's lease lapses.
            if (route.kind === 'task' && tasksShared) return fetch(new Request(request, { body }));
            return unreachable(body);
          }
        }
      }
      return noted(await fetch(new Request(request, { body })));
    };

  /** The response, with each `requestState` it carries noted before the host can send it back. */
  const noted = async (response: Response): Promise<Response> => {
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('application/json')) {
      const text = await response.text();
      await note(text);
      return new Response(text, response);
    }
    if (!type.startsWith('text/event-stream') || !response.body) return response;
    let pending = '';
    const events = new TransformStream<string, string>({
      async transform(chunk, controller) {
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const event = pending.slice(0, end + 2);
          pending = pending.slice(end + 2);
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data) await note(data);
          controller.enqueue(event);
        }
      },
      flush(controller) {
        if (pending) controller.enqueue(pending);
      },
    });
    const body = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(events)
      .pipeThrough(new TextEncoderStream());
    return new Response(body, response);
  };

  return {
    wrap,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A JSON-RPC error answering the request in `body`: the instance holding its call cannot be reached. */
function unreachable(body: ArrayBuffer): Response {
  let id: unknown = null;
  try {
    const message = JSON.parse(new TextDecoder().decode(body)) as { id?: unknown };
    if (typeof message.id === 'string' || typeof message.id === 'number') id = message.id;
  } catch {
    // Not JSON: answered with a null id.
  }
  const error = {
    code: -32603,
    message: 'the bridge instance holding this call cannot be reached (it stopped); make the call again',
  };
  return Response.json({ jsonrpc: '2.0', id, error });
}

/** The request as it came, to the instance holding its call; that instance's answer streams back as it is. */
async function forward(holder: string, request: Request, body: ArrayBuffer): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of request.headers) if (!HOP_BY_HOP.has(name)) headers.set(name, value);
  headers.set(HOP_HEADER, '1');
  const answer = await fetch(holder, { method: 'POST', headers, body, signal: request.signal });
  const back = new Headers(answer.headers);
  for (const name of HOP_BY_HOP) back.delete(name);
  back.delete('content-encoding'); // fetch decoded it
  return new Response(answer.body, { status: answer.status, headers: back });
}

/** What a message is routed by: a round's `requestState`, or a task's id (with the task's life, when it says). */
interface Route {
  kind: 'round' | 'task';
  id: string;
  ttlMs?: number;
}

/** Longest a task's route is kept, whatever its `ttlMs` says (a day). */
const MAX_TASK_ROUTE_MS = 24 * 60 * 60 * 1000;

/**
 * The route of a JSON-RPC message: in a request's `params`, a retry's `requestState` or the `taskId` of a `tasks/*`
 * request; in a response's `result`, the `requestState` of a round, or the `taskId` of a task it created.
 */
function routeIn(text: string, where: 'params' | 'result'): Route | undefined {
  if (!text.includes('"requestState"') && !text.includes('"taskId"')) return undefined;
  let message: { method?: unknown; params?: Record<string, unknown>; result?: Record<string, unknown> };
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  const body = message[where];
  if (typeof body !== 'object' || body === null) return undefined;
  if (typeof body.requestState === 'string') return { kind: 'round', id: body.requestState };
  if (typeof body.taskId !== 'string') return undefined;
  const names =
    where === 'params'
      ? typeof message.method === 'string' && message.method.startsWith('tasks/')
      : body.resultType === 'task';
  if (!names) return undefined;
  const ttlMs =
    typeof body.ttlMs === 'number' && body.ttlMs > 0 ? Math.min(body.ttlMs, MAX_TASK_ROUTE_MS) : undefined;
  return { kind: 'task', id: body.taskId, ...(ttlMs !== undefined && { ttlMs }) };
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An error and its causes in one line, for the default report (no stack: a peer gone is news, not a bug). */
function oneLine(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error, depth = 0; at !== undefined && depth < 4; depth++) {
    parts.push(at instanceof Error ? at.message : String(at));
    at = at instanceof Error ? at.cause : undefined;
  }
  return parts.join(': ');
}
