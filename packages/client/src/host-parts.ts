import { type Clock, integerOption, systemClock, UsageError } from '@elicitkit/core';
import { CompletionTracker } from './completion/completion-tracker.js';
import { ClientErrorCode } from './errors.js';
import { HostEventEmitter } from './host/events.js';
import { PromptSurface } from './host/surface.js';
import { type UrlOpener, unconfiguredOpener } from './open/opener.js';
import { createAdmission } from './pipeline/admission.js';
import { ALL_MODES, checkModes, type ElicitationMode } from './pipeline/modes.js';
import { createPipeline, type ElicitationPipeline } from './pipeline/pipeline.js';
import { UrlConsent } from './pipeline/url-consent.js';
import { type PromptQueue, queueForUi } from './policy/prompt-queue.js';
import { type RateLimitOptions, RequestBudget } from './policy/rate-limiter.js';
import { type RoundLimits, resolveRoundLimits } from './rounds/limits.js';
import type { ElicitationUI } from './ui.js';

/** Default `maxInvalidSubmissions`: invalid form submissions tolerated before the request is answered `cancel`. */
export const DEFAULT_MAX_INVALID_SUBMISSIONS = 10;

/** Options of {@link installElicitation} (and {@link createElicitationHandler}): the UI, and the policy that guards it. */
export interface InstallElicitationOptions {
  /** The adapter that shows prompts: terminal, browser, or `scriptedUI` in tests. */
  ui: ElicitationUI;
  /** Modes to declare and serve (E-07, E-08). Default: both `form` and `url`. */
  modes?: readonly ElicitationMode[];
  /**
   * `false`: declare no elicitation at all (no mode; `modes` is ignored). The host still drives 2026-07-28 rounds
   * (sampling and roots go to the SDK's own handlers) and follows tasks, and refuses any elicitation request as
   * undeclared (E-09). For what stands in front of a host that asks nobody anything (a bridge). Default true.
   */
  elicitation?: boolean;
  /**
   * Per-server request budget (E-43). Default `{ burst: 3, refillMs: 10_000, perCall: 10 }`; `false` turns
   * it off.
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Opens consented URLs (E-53). In Node, `systemBrowserOpener()` from `@elicitkit/client/node`; in a web page,
   * `webUI().opener`. Without one, the person is shown the URL to open by hand.
   */
  opener?: UrlOpener;
  /** Time source for the rate limiter and the 2026 retry pacing (M-11). Default: `systemClock`. */
  clock?: Clock;
  /** Accept `http:` URLs to non-loopback hosts. Development only (E-48). Default false. */
  allowInsecureHttp?: boolean;
  /**
   * Serializes prompts. Default: one queue per `ui` object, so every client sharing a UI shows one prompt
   * at a time. Pass your own `new PromptQueue()` to share one across several UI objects.
   */
  queue?: PromptQueue;
  /** Invalid form submissions tolerated before the request is answered `cancel`. Default 10. */
  maxInvalidSubmissions?: number;
  /**
   * 2026-07-28: caps and pacing of every call's rounds, a plain `client.callTool` included; the defaults of
   * `callToolWithElicitation`, whose own options override them per call.
   */
  roundLimits?: Partial<RoundLimits>;
  /**
   * Declare the Tasks extension (`io.modelcontextprotocol/tasks`) on every request of this client, so a plain
   * `client.callTool` may get a task, which the host then follows to its result like
   * `callToolWithElicitation` (status in the `task` event). Default false: `callToolWithElicitation`
   * declares it per call anyway. v2 SDK, 2026-07-28 only.
   */
  tasks?: boolean;
}

/**
 * The parts of one host, each built once and handed to the ones that use it: no part reaches another
 * through a shared bag, and none is filled in later. The SDK adapters (`sdk/`) wire them into a client;
 * `createElicitationHandler` hands them to hosts on other MCP clients.
 */
export interface HostParts {
  modes: ReadonlySet<ElicitationMode>;
  allowInsecureHttp: boolean;
  clock: Clock;
  events: HostEventEmitter;
  surface: PromptSurface;
  tracker: CompletionTracker;
  urlConsent: UrlConsent;
  /** Absent when the rate limit is off. */
  budget: RequestBudget | undefined;
  pipeline: ElicitationPipeline;
  roundLimits: RoundLimits;
}

/** Checks `options` and builds a host's parts, in dependency order. */
export function assembleHost(
  options: InstallElicitationOptions,
  where: {
    /** The server's identity as the client holds it (read per prompt: it is known only after connect). */
    serverInfo: () => unknown;
    /** Where errors go that have no caller: an event listener that threw. */
    reportError: (error: Error) => void;
  },
): HostParts {
  if (typeof options?.ui?.form !== 'function' || typeof options.ui.url !== 'function') {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      'options.ui must implement form(prompt) and url(prompt)',
      {
        details: { option: 'ui' },
      },
    );
  }
  const modes: ReadonlySet<ElicitationMode> =
    options.elicitation === false ? new Set() : checkModes(options.modes ?? ALL_MODES);
  const maxInvalidSubmissions = integerOption(
    'maxInvalidSubmissions',
    options.maxInvalidSubmissions ?? DEFAULT_MAX_INVALID_SUBMISSIONS,
    { min: 1 },
  );
  const clock = options.clock ?? systemClock;
  const roundLimits = resolveRoundLimits(options.roundLimits);
  const budget = options.rateLimit === false ? undefined : new RequestBudget(options.rateLimit ?? {}, clock);
  const allowInsecureHttp = options.allowInsecureHttp ?? false;

  const events = new HostEventEmitter((error) => where.reportError(toError(error)));
  const surface = new PromptSurface({
    ui: options.ui,
    queue: options.queue ?? queueForUi(options.ui),
    events,
    serverInfo: where.serverInfo,
  });
  const tracker = new CompletionTracker((elicitationId) => {
    const requester = surface.requester();
    events.emit('complete', { elicitationId, requester });
    surface.notify(
      requester,
      'elicitation-complete',
      `${requester.name}: the flow in your browser is complete.`,
    );
  });
  const urlConsent = new UrlConsent({ surface, opener: options.opener ?? unconfiguredOpener, tracker });
  const pipeline = createPipeline({
    surface,
    modes,
    allowInsecureHttp,
    maxInvalidSubmissions,
    admission: budget && createAdmission(budget, surface),
    urlConsent,
  });
  return {
    modes,
    allowInsecureHttp,
    clock,
    events,
    surface,
    tracker,
    urlConsent,
    budget,
    pipeline,
    roundLimits,
  };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
