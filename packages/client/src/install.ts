import { type Clock, systemClock, UsageError } from '@elicitkit/core';
import { type Client, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { sdkInputRequestHandler } from './era/input-request.js';
import { answerWireRequest } from './era/wire-request.js';
import { ClientErrorCode } from './errors.js';
import type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
import { HostState, registerHost } from './host/host-state.js';
import { systemBrowserOpener, type UrlOpener } from './open/opener.js';
import { createPipeline } from './pipeline/handle-request.js';
import { ALL_MODES, checkModes, type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
import { type PromptQueue, queueForUi } from './policy/prompt-queue.js';
import { RateLimiter, type RateLimitOptions } from './policy/rate-limiter.js';
import type { ElicitationUI } from './ui.js';

/** Options of {@link installElicitation}: the UI, and the policy that guards it. */
export interface InstallElicitationOptions {
  /** The adapter that shows prompts: terminal, browser, or `scriptedUI` in tests. */
  ui: ElicitationUI;
  /** Modes to declare and serve (E-07, E-08). Default: both `form` and `url`. */
  modes?: readonly ElicitationMode[];
  /** Per-server request budget (E-43). Default `{ burst: 3, refillMs: 10_000 }`; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Opens consented URLs. Default: the system browser, honouring `BROWSER` (see `systemBrowserOpener`). */
  opener?: UrlOpener;
  /** Time source for the rate limiter and the 2026 retry pacing (M-11). Default: `performance.now`, `setTimeout`. */
  clock?: Clock;
  /** Accept `http:` URLs to non-loopback hosts. Development only (E-48). Default false. */
  allowInsecureHttp?: boolean;
  /**
   * Serializes prompts. Default: one queue per `ui` object, so every client sharing a UI shows one prompt
   * at a time. Pass your own `new PromptQueue()` to share one across several UI objects.
   */
  queue?: PromptQueue;
  /** Invalid form submissions tolerated before the request is answered `cancel`. Default 10. */
  maxFormAttempts?: number;
}

/** The handle `installElicitation` returns. */
export interface ElicitationHost {
  /** The modes declared to the server. */
  readonly modes: readonly ElicitationMode[];
  /** Subscribes to host events; returns the unsubscribe function. */
  on<T extends ElicitationHostEventType>(
    type: T,
    listener: (event: ElicitationHostEvents[T]) => void,
  ): () => void;
  /**
   * 2025-11-25: resolves when a consented URL elicitation completes (E-21); at once when `elicitationId` is
   * not pending. Rejects with the signal's reason when `signal` aborts. (2026-07-28 has no completion
   * notice: a URL flow is done when the server answers the retry, see `callToolWithElicitation`.)
   */
  waitForCompletion(elicitationId: string, signal?: AbortSignal): Promise<void>;
}

const DEFAULT_MAX_FORM_ATTEMPTS = 10;

type HandlerLookup = (method: string) => unknown;

/**
 * The SDK client's handler lookup (`_getRequestHandler`, protected), which its multi round-trip driver
 * consults for each embedded input request. Checked at install so an SDK that moved it fails loudly.
 */
function sdkHandlerLookup(client: Client) {
  const target = client as unknown as { _getRequestHandler?: HandlerLookup };
  const original = target._getRequestHandler;
  if (typeof original !== 'function') {
    throw new UsageError(
      ClientErrorCode.UnsupportedSdk,
      'this @modelcontextprotocol/client has no handler lookup for 2026-07-28 input requests (expected 2.4.x)',
    );
  }
  const bound = original.bind(client) as HandlerLookup;
  return {
    override(lookup: (method: string, original: HandlerLookup) => unknown) {
      target._getRequestHandler = (method) => lookup(method, bound);
    },
  };
}

/**
 * Makes `client` an elicitation host on both protocol eras: declares the `elicitation` capability for
 * `modes` (E-07 at `initialize` on 2025-11-25; the SDK repeats it in every request's `_meta` on 2026-07-28,
 * M-16) and answers through one pipeline both `elicitation/create` requests (2025) and the elicitation
 * input requests of an `InputRequiredResult` (2026), plus `notifications/elicitation/complete` (2025).
 * Call before `client.connect`.
 */
export function installElicitation(client: Client, options: InstallElicitationOptions): ElicitationHost {
  if (client.transport) {
    throw new UsageError(
      ClientErrorCode.AlreadyConnected,
      'installElicitation must run before client.connect: capabilities are sent at initialization',
    );
  }
  if (typeof options?.ui?.form !== 'function' || typeof options.ui.url !== 'function') {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      'options.ui must implement form(prompt) and url(prompt)',
      {
        details: { option: 'ui' },
      },
    );
  }
  const modeList = options.modes ?? ALL_MODES;
  const modes = checkModes(modeList);
  const maxFormAttempts = options.maxFormAttempts ?? DEFAULT_MAX_FORM_ATTEMPTS;
  if (!Number.isInteger(maxFormAttempts) || maxFormAttempts < 1) {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      `maxFormAttempts must be an integer >= 1, got ${maxFormAttempts}`,
      {
        details: { option: 'maxFormAttempts' },
      },
    );
  }

  const host = new HostState({
    client,
    ui: options.ui,
    modes,
    queue: options.queue ?? queueForUi(options.ui),
    opener: options.opener ?? systemBrowserOpener(),
    rateLimiter:
      options.rateLimit === false
        ? undefined
        : new RateLimiter(options.rateLimit ?? {}, options.clock ?? systemClock),
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    maxFormAttempts,
    clock: options.clock ?? systemClock,
  });
  const lookup = sdkHandlerLookup(client);
  registerHost(client, host);
  // M-16: these capabilities ride in every 2026 request's `_meta` (the SDK's envelope reads them)
  client.registerCapabilities(elicitationCapabilities([...modes]));

  const pipeline = createPipeline(host);
  host.pipeline = pipeline;
  // 2025 wire requests: the fallback slot, not setRequestHandler: the SDK wraps registered elicitation
  // handlers in its own schema check, which answers malformed requests with a raw Zod dump before ours
  // can name the problem.
  const previousFallback = client.fallbackRequestHandler;
  client.fallbackRequestHandler = async (request, context) => {
    if (request.method === 'elicitation/create') {
      return answerWireRequest(pipeline, request.params, context.mcpReq.signal);
    }
    if (previousFallback) return previousFallback(request, context);
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  };
  // 2026 input requests: the SDK's multi round-trip driver (a plain `client.callTool`) finds handlers
  // through this lookup only, never the fallback slot; answering it here (rather than registering) keeps
  // 2025 wire requests on the fallback above, so both eras get the same gates and messages.
  const answerInputRequest = sdkInputRequestHandler(pipeline);
  lookup.override((method, original) =>
    method === 'elicitation/create' ? answerInputRequest : original(method),
  );
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    host.tracker.complete(notification.params.elicitationId);
  });

  return {
    modes: [...modes],
    on: (type, listener) => host.events.on(type, listener),
    waitForCompletion: (elicitationId, signal) => host.tracker.waitFor(elicitationId, signal),
  };
}
