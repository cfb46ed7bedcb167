import { type Client, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { ElicitationSetupError } from './errors.js';
import type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
import { HostState, registerHost } from './host/host-state.js';
import { systemBrowserOpener, type UrlOpener } from './open/opener.js';
import { createRequestHandler } from './pipeline/handle-request.js';
import { ALL_MODES, checkModes, type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
import { type Clock, systemClock } from './policy/clock.js';
import { type PromptQueue, queueForUi } from './policy/prompt-queue.js';
import { RateLimiter, type RateLimitOptions } from './policy/rate-limiter.js';
import type { ElicitationUI } from './ui.js';

export interface InstallElicitationOptions {
  /** The adapter that shows prompts: terminal, browser, or `scriptedUI` in tests. */
  ui: ElicitationUI;
  /** Modes to declare and serve (E-07, E-08). Default: both `form` and `url`. */
  modes?: readonly ElicitationMode[];
  /** Per-server request budget (E-43). Default `{ burst: 3, refillMs: 10_000 }`; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Opens consented URLs. Default: the system browser, honouring `BROWSER` (see `systemBrowserOpener`). */
  opener?: UrlOpener;
  /** Time source for the rate limiter. Default: `performance.now`. */
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
   * Resolves when a consented URL elicitation completes (E-21); at once when `elicitationId` is not
   * pending. Rejects with the signal's reason when `signal` aborts.
   */
  waitForCompletion(elicitationId: string, signal?: AbortSignal): Promise<void>;
}

const DEFAULT_MAX_FORM_ATTEMPTS = 10;

/**
 * Makes `client` an elicitation host: declares the `elicitation` capability for `modes` and answers
 * `elicitation/create` and `notifications/elicitation/complete` through the pipeline. Call before
 * `client.connect`, since capabilities are fixed at initialization (E-07).
 */
export function installElicitation(client: Client, options: InstallElicitationOptions): ElicitationHost {
  if (client.transport) {
    throw new ElicitationSetupError(
      'already-connected',
      'installElicitation must run before client.connect: capabilities are sent at initialization',
    );
  }
  if (typeof options?.ui?.form !== 'function' || typeof options.ui.url !== 'function') {
    throw new ElicitationSetupError(
      'invalid-options',
      'options.ui must implement form(prompt) and url(prompt)',
    );
  }
  const modeList = options.modes ?? ALL_MODES;
  const modes = checkModes(modeList);
  const maxFormAttempts = options.maxFormAttempts ?? DEFAULT_MAX_FORM_ATTEMPTS;
  if (!Number.isInteger(maxFormAttempts) || maxFormAttempts < 1) {
    throw new ElicitationSetupError('invalid-options', `maxFormAttempts must be an integer >= 1`);
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
  });
  registerHost(client, host);
  client.registerCapabilities(elicitationCapabilities([...modes]));

  const handleElicitation = createRequestHandler(host);
  // The fallback slot, not setRequestHandler: the SDK wraps registered elicitation handlers in its own
  // schema check, which answers malformed requests with a raw Zod dump before ours can name the problem.
  const previousFallback = client.fallbackRequestHandler;
  client.fallbackRequestHandler = async (request, context) => {
    if (request.method === 'elicitation/create') {
      return handleElicitation(request.params, context.mcpReq.signal);
    }
    if (previousFallback) return previousFallback(request, context);
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  };
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    host.tracker.complete(notification.params.elicitationId);
  });

  return {
    modes: [...modes],
    on: (type, listener) => host.events.on(type, listener),
    waitForCompletion: (elicitationId, signal) => host.tracker.waitFor(elicitationId, signal),
  };
}
