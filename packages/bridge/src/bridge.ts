import { randomBytes } from 'node:crypto';
import {
  callToolWithElicitation,
  type FormAnswer,
  promptUnanswerable,
  resumeToolCall,
  type UrlAnswer,
} from '@elicitkit/client';
import { type Clock, integerOption, isElicitkitError, systemClock, timerSleep } from '@elicitkit/core';
import {
  completeRelayedUrl,
  DEFAULT_ELICITATION_TIMEOUT_MS,
  type ElicitationOptions,
  elicitForm,
  enableElicitation,
  isAskKey,
  principalOf,
  protocolEraOf,
  type RawRequestedSchema,
  relayInputRequest,
  relayUrlElicitation,
  reportStatus,
  startTask,
  step,
  TASKS_EXTENSION,
  taskCancelSignal,
} from '@elicitkit/server';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';
import type { Client, RequestOptions as UpstreamRequestOptions } from '@modelcontextprotocol/client';
import {
  type AuthInfo,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { CheckpointStore, SavedCall } from './checkpoints.js';
import { type Lease, UpstreamConnections } from './connections.js';
import { type CallEvent, type CallNotice, HeldCall } from './held-call.js';
import { BRIDGE_IDENTITY, identityOf, type UpstreamIdentity } from './identity.js';
import type { ListKind, RelayedCapabilities, Upstream } from './upstream.js';

/** Options of {@link createBridge}. */
export interface BridgeOptions {
  upstream: Upstream;
  /**
   * Upstream calls held at once (over HTTP each on a connection of its own): more are refused until one ends.
   * Default 256.
   */
  maxHeldCalls?: number;
  /**
   * How long a held call waits for the downstream host to come back with an answer (a 2026-07-28 retry), in ms; then
   * it is cancelled upstream. Default 15 minutes, the life of a round's `requestState`.
   */
  holdMs?: number;
  /**
   * Sends the downstream request's `Authorization` header upstream (bearer pass-through), for an upstream that
   * authenticates the same users. Default false: upstream sees only the headers of `upstream`. `upstreamHeaders`,
   * when given, decides instead.
   */
  forwardAuthorization?: boolean;
  /**
   * The headers of a call's upstream connection, from who made the call downstream: a token per principal (the
   * user's own upstream token, looked up by `principal` or `authInfo`), or the bearer passed through. Connections are
   * kept per principal and per these headers, so nothing of one reaches another. Serve the bridge behind
   * `authenticate` (`serveBridgeHttp`) for principals that are users; without it every caller is `anonymous`.
   */
  upstreamHeaders?: (
    downstream: DownstreamCaller,
  ) => Record<string, string> | Promise<Record<string, string>>;
  /**
   * Where the bridge says what its operator should know, one line each: an upstream form a host could not be asked
   * (no form mode, a secret-looking field) and was declined upstream. Default: `console.warn` (stderr, so stdio
   * serving stays clean).
   */
  log?: (line: string) => void;
  /**
   * How long, in ms, after the host consented to one of upstream's URLs, the call is tried again when upstream never
   * says the page is done (no completion notice; a host has no "retry now" to send through the bridge). Tried again
   * this often until the page is done or the call is given up. Default 5 s.
   */
  urlRetryMs?: number;
  /**
   * The downstream side's rounds: how their `requestState` is sealed, as `enableElicitation`'s option. Instances need
   * not share a key: a retry is routed to the instance that sealed it (`shared`), which alone holds its call.
   */
  requestState?: ElicitationOptions['requestState'];
  /**
   * The Tasks extension towards hosts: when upstream answers a host's tool call with a task, a host that declared
   * `io.modelcontextprotocol/tasks` gets a task of the bridge's own, run by this engine (its questions by
   * `tasks/get`, its answers by `tasks/update`). Default: an engine in memory, closed with the bridge; `false` serves
   * no tasks (the bridge follows upstream's tasks itself, and hosts wait for the result).
   */
  tasks?: Tasks | false;
  /**
   * Several instances: where each held call that upstream made a task is noted (`redisCheckpoints(url)`), so that
   * when the instance holding it stops, another one goes on following upstream's task for the host's task. Give
   * `tasks` a shared store too (`RedisTaskStore`), whose lease hands the host's task over.
   */
  checkpoints?: CheckpointStore;
  clock?: Clock;
}

/**
 * Sends one held request upstream on `client` (its asks reach the held call through the connection's UI), telling
 * `call` when upstream made it a task.
 */
type UpstreamSend = (client: Client, options: UpstreamRequestOptions, call: HeldCall) => Promise<Result>;

/** Who made a call downstream, as `upstreamHeaders` sees it. */
export interface DownstreamCaller {
  /** elicitkit's principal of the request (`principalOf`): the verified client and user, or `anonymous`. */
  principal: string;
  /** The verified credentials, when the bridge is served behind `authenticate`. */
  authInfo: AuthInfo | undefined;
  /** The request's own `Authorization` header, as it came. */
  authorization: string | undefined;
}

/** A bridge: a downstream server per session or request ({@link Bridge.server}), served over HTTP or stdio. */
export interface Bridge {
  /** A downstream MCP server (SDK v2, both eras): the factory for `serveMcpHttp` or the SDK's `serveStdio`. */
  server(): Server;
  /** How many upstream calls are running now (held for a host, or on their way). */
  readonly held: number;
  /** How long a held call waits for its host to come back, in ms (`holdMs`): what routes to it must last as long. */
  readonly holdMs: number;
  /**
   * Hears upstream's list changes (tools, prompts, resources), for whoever serves the bridge to announce to hosts
   * (`serveBridgeHttp` and `serveBridgeStdio` do). The first listener connects upstream to hear them. Returns what
   * stops listening.
   */
  onListChanged(listener: (kind: ListKind) => void): () => void;
  /**
   * Reaches upstream (its shared connection) and learns who it is: the downstream servers made from then on carry
   * upstream's name, version and instructions (its title names its address too). Rejects with a `PeerError`
   * `upstream-unreachable` naming upstream and why. `serveBridgeHttp` calls it before it listens.
   */
  connect(): Promise<UpstreamIdentity>;
  /** Upstream's identity once {@link connect} (or a list) has reached it. */
  readonly identity: UpstreamIdentity | undefined;
  /** Whether a held call can go on elsewhere when its instance stops (`checkpoints` given). */
  readonly resumable: boolean;
  /** Cancels every held call and closes the upstream connections. */
  close(): Promise<void>;
}

/** Default `maxHeldCalls`: upstream calls held at once. */
export const DEFAULT_MAX_HELD_CALLS = 256;
/** Default `holdMs`: how long a held call waits for the host to come back (15 minutes). */
export const DEFAULT_HOLD_MS = 15 * 60 * 1000;
/** Default `urlRetryMs`: how often a call is tried again while upstream says nothing of a consented URL's page. */
export const DEFAULT_URL_RETRY_MS = 5 * 1000;
const ENDED_CALL_GRACE_MS = 60 * 1000;
/** How long a checkpoint is kept: as long as a host may follow its task (an hour), within the store's own cap. */
const CHECKPOINT_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 30 * 1000;

/**
 * Fronts one upstream MCP server for hosts of every revision, carrying elicitation across (issue 28: forms, tasks
 * upstream). A downstream request that may ask the person (M-01: `tools/call`, `prompts/get`, `resources/read`)
 * starts the upstream request (on a connection to itself over HTTP; on a stdio upstream's one process, in turn:
 * `connections.ts`) and relays each of
 * its forms to the host the way the host's revision wants it (`elicitForm`: pushed on a 2025 session, a round on
 * 2026-07-28), the answer back upstream as the upstream's revision wants it (the host pipeline: an `ElicitResult`,
 * an `inputResponses` retry, a `tasks/update`). On 2026-07-28 the upstream call is held between rounds, its id
 * sealed in `requestState` (`step`), so the host's retry finds it (on this instance).
 */
export function createBridge(options: BridgeOptions): Bridge {
  const clock = options.clock ?? systemClock;
  const maxHeld = integerOption('maxHeldCalls', options.maxHeldCalls ?? DEFAULT_MAX_HELD_CALLS, { min: 1 });
  const holdMs = integerOption('holdMs', options.holdMs ?? DEFAULT_HOLD_MS, { min: 1000 });
  const urlRetryMs = integerOption('urlRetryMs', options.urlRetryMs ?? DEFAULT_URL_RETRY_MS, { min: 100 });
  const sleep = clock.sleep?.bind(clock) ?? timerSleep;
  const retryWait = (signal: AbortSignal) => sleep(urlRetryMs, signal);
  const log = options.log ?? ((line: string) => console.warn(line));
  const tasks = options.tasks === false ? undefined : (options.tasks ?? createTasks({ clock }));
  const calls = new Map<string, HeldCall>();
  const listListeners = new Set<(kind: ListKind) => void>();
  // 2025 sessions downstream, each its own server, told of list changes one by one (2026-07-28 hosts subscribe).
  const sessions = new Set<Server>();
  const connections = new UpstreamConnections(options.upstream, (kind) => {
    for (const listener of listListeners) listener(kind);
    for (const session of sessions) {
      if (session.transport === undefined) sessions.delete(session);
      else void session.notification({ method: `notifications/${kind}/list_changed` }).catch(() => {});
    }
  });
  let identity: UpstreamIdentity | undefined;
  /** The shared connection upstream, which also tells who upstream is. */
  const connect = async () => {
    identity = identityOf(await connections.control(), options.upstream);
    return identity;
  };
  /** Connects upstream to hear its list changes, once someone downstream can be told of them. */
  const hearListChanges = () => {
    connect().catch((error: Error) => log(`elicitkit bridge: ${error.message}`));
  };
  const headersFor =
    options.upstreamHeaders ??
    (({ authorization }: DownstreamCaller): Record<string, string> =>
      authorization && options.forwardAuthorization ? { Authorization: authorization } : {});

  /**
   * Gives up the calls the host has not come back for within `holdMs`. A call's outcome is forgotten once the host has
   * read it; one that ended unread (the host gone between rounds) is kept a minute after the host last came.
   */
  const sweep = () => {
    const now = clock.now();
    for (const [id, call] of calls) {
      if (call.watched) continue; // a host waits on it: a long upstream call is not an abandoned one
      const idle = now - call.touchedAt;
      if (idle > holdMs) call.cancel('the downstream host did not come back for this call');
      if (call.done && (idle > ENDED_CALL_GRACE_MS || idle > holdMs)) calls.delete(id);
    }
  };
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();

  const start = (
    send: UpstreamSend,
    caller: DownstreamCaller,
    capabilities: RelayedCapabilities,
    id = randomBytes(16).toString('base64url'),
  ): string => {
    sweep();
    if (calls.size >= maxHeld) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `the bridge holds ${maxHeld} upstream calls already (maxHeldCalls); try again later`,
      );
    }
    const call = new HeldCall(id, caller.principal, clock.now(), retryWait);
    calls.set(id, call);
    void runUpstream(call, send, caller, capabilities);
    return id;
  };

  const runUpstream = async (
    call: HeldCall,
    send: UpstreamSend,
    caller: DownstreamCaller,
    capabilities: RelayedCapabilities,
  ) => {
    let lease: Lease | undefined;
    let outcome: Extract<CallEvent, { kind: 'result' | 'failed' }>;
    try {
      const headers = checkedHeaders(await headersFor(caller));
      // Connections are kept per principal, per these headers and per what the host can be sent: nothing of one
      // reaches another, and upstream is told what this host can do.
      const owner = JSON.stringify([call.principal, Object.entries(headers).sort(), capabilities]);
      lease = await connections.lease(call, owner, headers, capabilities);
      const result = await send(
        lease.client,
        {
          signal: call.signal,
          onprogress: ({ progress, total, message }) =>
            call.notify({
              kind: 'progress',
              progress,
              ...(total !== undefined && { total }),
              ...(message !== undefined && { message }),
            }),
          resetTimeoutOnProgress: true,
        },
        call,
      );
      outcome = { kind: 'result', result };
    } catch (error) {
      outcome = { kind: 'failed', error };
    }
    // Back with the others before the host hears the outcome, so that its next call can take it.
    await lease?.release(!call.signal.aborted);
    call.end(outcome);
  };

  /**
   * A downstream request that may ask the person on the way (M-01: a tool call, a prompt, a resource read), relayed as
   * an upstream request the bridge holds: its asks go to the host one by one, then its outcome.
   */
  const relay = async <R extends Result>(
    send: (client: Client, options: UpstreamRequestOptions, call: HeldCall) => Promise<R>,
    ctx: ServerContext,
    server: Server,
    resume?: (saved: SavedCall) => UpstreamSend,
  ): Promise<R | InputRequiredResult> => {
    const authInfo = ctx.http?.authInfo;
    const principal = principalOf(authInfo);
    const authorization = ctx.http?.req?.headers.get('authorization') ?? undefined;
    const capabilities = relayedCapabilities(server, ctx);
    const caller = { principal, authInfo, authorization };
    const id = await step(ctx, 'bridge-upstream-call', () => start(send, caller, capabilities));
    // Its instance stopped: another goes on with upstream's task where the checkpoint left it.
    const call = calls.get(id) ?? (resume && (await resumed(id, caller, capabilities, resume)));
    if (!call || call.principal !== principal) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'this request is no longer held by the bridge (it expired, or went to another instance); make it again',
      );
    }
    // The host cancelling the call (a 2025 request, a 2026 round, or its task even between passes) cancels upstream.
    const cancelled = () => call.cancel('the downstream host cancelled the call');
    ctx.mcpReq.signal.addEventListener('abort', cancelled, { once: true });
    const task = taskCancelSignal(ctx);
    if (task) call.cancelOn(task, 'the downstream host cancelled its task');
    const unlisten = call.listen(noticesTo(ctx, task !== undefined));
    try {
      for (let index = 0; ; ) {
        call.touchedAt = clock.now();
        const event = await call.event(index, ctx.mcpReq.signal);
        if (event.kind === 'result' || event.kind === 'failed') calls.delete(id); // the outcome is read: nothing more to hold
        if (event.kind === 'result') return event.result as R; // what `send` resolved with
        if (event.kind === 'failed') throw asDownstreamError(event.error);
        if (event.kind === 'task') {
          // The host's call becomes a task here when it declared the extension (the engine runs this handler again
          // inside the task, replaying what came before); otherwise it goes on as it was.
          if (tasks && capabilities.tasks) await startTask(ctx);
          index++;
          continue;
        }
        // What upstream asked together is asked together: one round, or one task's input requests.
        const asks = await call.asksFrom(index);
        await Promise.all(asks.map((at) => relayAsk(ctx, call, at, capabilities, log)));
        index += asks.length;
      }
    } finally {
      unlisten();
      call.touchedAt = clock.now(); // the host's absence counts from here
      ctx.mcpReq.signal.removeEventListener('abort', cancelled);
    }
  };

  /** The held call `id`, started again from its checkpoint on this instance (its maker's), or undefined. */
  const resumed = async (
    id: string,
    caller: DownstreamCaller,
    capabilities: RelayedCapabilities,
    resume: (saved: SavedCall) => UpstreamSend,
  ): Promise<HeldCall | undefined> => {
    const saved = await options.checkpoints?.load(id).catch(() => undefined);
    if (!saved || saved.principal !== caller.principal || calls.has(id)) return calls.get(id);
    log(
      `elicitkit bridge: going on with a call another instance held (upstream task ${saved.checkpoint.taskId.slice(0, 8)}…)`,
    );
    start(resume(saved), caller, capabilities, id);
    return calls.get(id);
  };

  return {
    server() {
      const server = enableElicitation(
        new Server(identity?.serverInfo ?? BRIDGE_IDENTITY, {
          capabilities: {
            tools: { listChanged: true },
            resources: { listChanged: true },
            prompts: { listChanged: true },
            logging: {},
          },
          ...(identity?.instructions !== undefined && { instructions: identity.instructions }),
        }),
        {
          ...(options.requestState && { requestState: options.requestState }),
          ...(tasks && { tasks }),
          clock,
          // Progress is upstream's to send (passed through below); a second sequence would not stay increasing.
          progressIntervalMs: false,
        },
      );
      // Only what names the request goes upstream (not the host's _meta, nor a task it asked for).
      server.setRequestHandler('tools/call', (r, ctx) => {
        const tasksFor = relayedCapabilities(server, ctx).tasks;
        const params = { name: r.params.name, arguments: r.params.arguments ?? {} };
        const follow = (call: HeldCall, upstreamOptions: UpstreamRequestOptions) => ({
          signal: upstreamOptions.signal,
          requestOptions: upstreamOptions,
          tasks: tasksFor,
          onTaskStatus: ({ statusMessage }: { statusMessage?: string }) => {
            if (statusMessage) call.notify({ kind: 'status', message: statusMessage });
          },
        });
        return relay(
          (client, upstreamOptions, call) =>
            callToolWithElicitation(client, params, {
              ...follow(call, upstreamOptions),
              onCheckpoint: async (checkpoint) => {
                if (!('taskId' in checkpoint)) return;
                call.taskStarted();
                // Noted before the host hears of the task, so another instance can go on with it.
                await options.checkpoints
                  ?.save(call.id, { principal: call.principal, params, checkpoint }, CHECKPOINT_MS)
                  .catch((error: Error) =>
                    log(`elicitkit bridge: a checkpoint was not kept: ${error.message}`),
                  );
              },
            }),
          ctx,
          server,
          (saved) => (client, upstreamOptions, call) =>
            resumeToolCall(client, saved.params, saved.checkpoint, follow(call, upstreamOptions)),
        );
      });
      server.setRequestHandler('prompts/get', (r, ctx) =>
        relay(
          (client, options) =>
            client.getPrompt(
              { name: r.params.name, ...(r.params.arguments && { arguments: r.params.arguments }) },
              options,
            ),
          ctx,
          server,
        ),
      );
      server.setRequestHandler('resources/read', (r, ctx) =>
        relay((client, options) => client.readResource({ uri: r.params.uri }, options), ctx, server),
      );
      // Lists pass through as they are, at once (never behind a request waiting on a person).
      const pass = connections.pass.bind(connections);
      server.setRequestHandler('tools/list', (r) => pass((c) => c.listTools(r.params)));
      server.setRequestHandler('resources/list', (r) => pass((c) => c.listResources(r.params)));
      server.setRequestHandler('resources/templates/list', (r) =>
        pass((c) => c.listResourceTemplates(r.params)),
      );
      server.setRequestHandler('prompts/list', (r) => pass((c) => c.listPrompts(r.params)));
      // Log messages pass through as upstream sends them, on each call's own connection: a level set here has no
      // one session upstream to go to, so it is accepted and not forwarded (documented in the README).
      server.setRequestHandler('logging/setLevel', async () => ({}));
      // Only a 2025 session initializes; it is told of list changes until it closes.
      server.oninitialized = () => {
        sessions.add(server);
        hearListChanges();
      };
      return server;
    },
    onListChanged(listener) {
      listListeners.add(listener);
      hearListChanges();
      return () => listListeners.delete(listener);
    },
    holdMs,
    resumable: options.checkpoints !== undefined,
    connect,
    get identity() {
      return identity;
    },
    get held() {
      let running = 0;
      for (const call of calls.values()) if (!call.done) running++;
      return running;
    },
    async close() {
      clearInterval(sweeper);
      for (const call of calls.values()) call.cancel('the bridge is closing');
      calls.clear();
      if (tasks && options.tasks === undefined) await tasks.close(); // the default engine is the bridge's own
      await connections.close();
    },
  };
}

/** Asks the downstream host for ask `index` of `call` (a form, a URL, sampling or roots), and hands upstream the answer. */
async function relayAsk(
  ctx: ServerContext,
  call: HeldCall,
  index: number,
  capabilities: RelayedCapabilities,
  log: (line: string) => void,
) {
  const event = await call.event(index);
  try {
    if (event.kind === 'ask') call.answer(index, await relayForm(ctx, event, index));
    else if (event.kind === 'url') call.answer(index, await relayUrl(ctx, event, index, call.signal));
    else if (event.kind === 'request') await relayRequest(ctx, call, event, index, capabilities);
  } catch (error) {
    // Never a decision the person did not make: what the host cannot be asked (no such mode, a field that asks for a
    // secret, E-01) fails upstream with why, and the host's own request with elicitkit's error (M-19 on 2026-07-28).
    if (!isElicitkitError(error) || error.name === 'AbortedError' || event.kind === 'request') throw error;
    const what = event.kind === 'ask' ? 'form' : 'URL';
    log(
      `elicitkit bridge: the host could not be asked an upstream ${what} (${error.code}): ${error.message}`,
    );
    call.fail(
      index,
      promptUnanswerable(`The host cannot be asked this ${what}: ${error.message}`, error.code),
    );
    throw error;
  }
}

/**
 * Asks the downstream host one of upstream's forms (a 2025-06-18 host its multi-selects as yes/no fields, F-05). What
 * it cannot be asked throws elicitkit's typed error, which `relayAsk` hands both ways.
 */
async function relayForm(
  ctx: ServerContext,
  ask: Extract<CallEvent, { kind: 'ask' }>,
  index: number,
): Promise<FormAnswer> {
  // Core's requested schema is the raw form `elicitForm` takes (its type is wider, for authors' literals).
  const form = ask.schema as unknown as RawRequestedSchema;
  // A 2026-07-28 host is asked under upstream's own key, when upstream asked in a round (hosts address answers by it).
  const key = isAskKey(ask.key) ? ask.key : `upstream-${index}`;
  const outcome = await elicitForm(ctx, { message: ask.message, schema: form, key });
  return outcome.action === 'accept'
    ? { action: 'submit', content: outcome.data as Record<string, unknown> }
    : { action: outcome.action };
}

/**
 * Asks the downstream host's consent for one of upstream's URLs, the way its revision wants (pushed with an
 * `elicitationId` of the bridge's own, or an input request under upstream's key). The host opens the URL itself. Once
 * a 2025 upstream says the page is done, a 2025 host is told under its own id. What the host cannot be asked (no URL
 * mode) throws, as forms do.
 */
async function relayUrl(
  ctx: ServerContext,
  ask: Extract<CallEvent, { kind: 'url' }>,
  index: number,
  held: AbortSignal,
): Promise<UrlAnswer> {
  const key = isAskKey(ask.key) ? ask.key : `upstream-${index}`;
  const answer = await relayUrlElicitation(ctx, { message: ask.message, url: ask.url, key });
  const elicitationId = answer.elicitationId;
  if (answer.action === 'accept' && elicitationId !== undefined && ask.completion) {
    // The notice may come after the call ended (E-17 allows it any time): it goes while the session lives.
    ask
      .completion(held)
      .then(() => completeRelayedUrl(ctx, elicitationId))
      .catch(() => {});
  }
  return answer.action === 'accept' ? { action: 'consent' } : { action: answer.action };
}

/**
 * Where a call's notices go while a downstream run waits on it: progress under the host's own `progressToken` (none
 * asked for, none sent), log messages as they came, both related to the host's request. In a task of the host's
 * (T-21: no progress or log notifications there) the task's status says it instead (`reportStatus`): upstream's
 * task status, or a progress notice's message. Outside a task a status is not sent: it would break the increasing
 * progress sequence upstream's own progress keeps.
 */
function noticesTo(ctx: ServerContext, inTask: boolean): (notice: CallNotice) => void {
  const token = ctx.mcpReq._meta?.progressToken;
  const send = (notification: Parameters<ServerContext['mcpReq']['notify']>[0]) =>
    void ctx.mcpReq.notify(notification).catch(() => {});
  return (notice) => {
    if (inTask) {
      if (notice.kind === 'status') void reportStatus(ctx, notice.message);
      else if (notice.kind === 'progress' && notice.message) {
        const { progress, total } = notice;
        void reportStatus(ctx, notice.message, { progress, ...(total !== undefined && { total }) });
      }
      return;
    }
    if (notice.kind === 'log') {
      send({ method: 'notifications/message', params: notice.params });
    } else if (notice.kind === 'progress' && token !== undefined) {
      const { kind: _progress, ...progress } = notice;
      send({ method: 'notifications/progress', params: { ...progress, progressToken: token } });
    }
  };
}

/** What `upstreamHeaders` gave, checked: header names are tokens, values carry no line breaks. */
function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || typeof value !== 'string' || /[\r\n\0]/.test(value)) {
      throw new Error(`upstreamHeaders gave an invalid header: ${JSON.stringify(name).slice(0, 80)}`);
    }
  }
  return headers;
}

function asDownstreamError(error: unknown): Error {
  if (error instanceof ProtocolError) return error;
  // Upstream not there: the host hears which, and why, as the bridge's own message.
  if (isElicitkitError(error, 'upstream-unreachable'))
    return new ProtocolError(ProtocolErrorCode.InternalError, error.message);
  const message = error instanceof Error ? error.message : String(error);
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    `the upstream call failed: ${message.slice(0, 500)}`,
  );
}

/** What the host can be sent besides forms, from what it declared (at `initialize`, or in this request's `_meta`). */
function relayedCapabilities(server: Server, ctx: ServerContext): RelayedCapabilities {
  const declared =
    ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
      | ClientCapabilities
      | undefined) ?? server.getClientCapabilities();
  const elicitation = declared?.elicitation as { form?: unknown; url?: unknown } | undefined;
  const extensions = (declared as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return {
    form: declaresFormMode(declared?.elicitation),
    url: elicitation?.url !== undefined,
    sampling: declared?.sampling !== undefined,
    roots: declared?.roots !== undefined,
    // T-02: a 2026-07-28 host's own request says; a 2025 host cannot follow tasks, so the bridge does for it.
    tasks:
      protocolEraOf(ctx) !== '2026-07-28' ||
      (typeof extensions === 'object' && extensions !== null && Object.hasOwn(extensions, TASKS_EXTENSION)),
  };
}

/** Form mode, as the spec reads `elicitation`: `{}` (the 2025-06-18 shape) or with `form`. */
function declaresFormMode(elicitation: ClientCapabilities['elicitation']): boolean {
  if (elicitation === undefined) return false;
  const modes = elicitation as { form?: unknown; url?: unknown };
  return modes.form !== undefined || modes.url === undefined;
}

/**
 * Hands the host upstream's sampling or roots request, the way its revision wants (`relayInputRequest`: pushed on a
 * 2025 session; on 2026-07-28 an input request under upstream's own key, asked with the round's forms and kept in
 * the sealed state), and upstream its result or the failure.
 */
async function relayRequest(
  ctx: ServerContext,
  call: HeldCall,
  event: Extract<CallEvent, { kind: 'request' }>,
  index: number,
  capabilities: RelayedCapabilities,
): Promise<void> {
  // A stdio upstream was told every capability (one process for every host): this host may lack this one.
  const needs = event.method === 'roots/list' ? 'roots' : 'sampling';
  if (!capabilities[needs]) {
    call.fail(index, new Error(`the host did not declare the ${needs} capability`));
    return;
  }
  const key = isAskKey(event.key) ? event.key : `upstream-${index}`;
  const request = { method: event.method, params: event.params };
  try {
    const result =
      protocolEraOf(ctx) === '2026-07-28'
        ? await relayInputRequest(ctx, { ...request, key })
        : // The host's result goes on as it came: upstream's SDK reads it with its own schema.
          ((await ctx.mcpReq.send(request as never, ANY_RESULT as never, {
            signal: ctx.mcpReq.signal,
            timeout: DEFAULT_ELICITATION_TIMEOUT_MS,
          })) as Result);
    call.answer(index, result);
  } catch (error) {
    // The round's own control flow (this round asks the host) goes on up; a failure is upstream's to hear.
    if (error instanceof Error && error.name === 'InputRequiredInterrupt') throw error;
    call.fail(index, error);
  }
}

/** Any result passes: the SDK's `send` wants a schema, and the result is upstream's to read. */
const ANY_RESULT = {
  '~standard': { version: 1, vendor: 'elicitkit-bridge', validate: (value: unknown) => ({ value }) },
};
