import { UsageError } from '@elicitkit/core';
import type { Client } from '@modelcontextprotocol/client';
import { answerRequest2025 } from './era/request-2025.js';
import { ClientErrorCode } from './errors.js';
import type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
import { assembleHost, type InstallElicitationOptions } from './host-parts.js';
import { followTask, type InstalledHost, isInstalled, registerHost, roundDriverFor } from './installed.js';
import { type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
import { driveRounds } from './rounds/round-driver.js';
import type { V1Client } from './sdk/client-v1.js';
import { seamFor } from './sdk/which-sdk.js';
import { isTaskHandle, TASKS_EXTENSION } from './tasks/handle.js';

export type { InstallElicitationOptions } from './host-parts.js';

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

/**
 * Makes `client` an elicitation host: declares the `elicitation` capability for `modes` (E-07 at
 * `initialize` on 2025-11-25; the SDK repeats it in every request's `_meta` on 2026-07-28, M-16) and answers
 * through one pipeline both `elicitation/create` requests (2025) and the elicitation input requests of an
 * `InputRequiredResult` (2026, for a plain `client.callTool` too, with the same round cap and loop
 * detection as `callToolWithElicitation`), plus `notifications/elicitation/complete` (2025). Works on a v2
 * SDK `Client` (`@modelcontextprotocol/client`) and on a v1 SDK `Client` (`@modelcontextprotocol/sdk`,
 * revisions up to 2025-11-25). Call before `client.connect`.
 */
export function installElicitation(client: Client, options: InstallElicitationOptions): ElicitationHost;
/** On a v1 SDK client (`@modelcontextprotocol/sdk` 1.x): the same host, on revisions up to 2025-11-25. */
export function installElicitation(client: V1Client, options: InstallElicitationOptions): ElicitationHost;
export function installElicitation(
  client: Client | V1Client,
  options: InstallElicitationOptions,
): ElicitationHost {
  const seam = seamFor(client);
  if (seam.connected()) {
    throw new UsageError(
      ClientErrorCode.AlreadyConnected,
      'installElicitation must run before client.connect: capabilities are sent at initialization',
    );
  }
  if (isInstalled(client)) {
    throw new UsageError(
      ClientErrorCode.AlreadyInstalled,
      'installElicitation was already called on this client',
    );
  }
  const parts = assembleHost(options, {
    serverInfo: () => seam.serverInfo(),
    reportError: (error) => seam.reportError(error),
  });
  const host: InstalledHost = { seam, parts };
  // M-16: these capabilities ride in every 2026 request's `_meta` (the SDK's envelope reads them)
  if (parts.modes.size > 0) seam.declareCapabilities(elicitationCapabilities([...parts.modes]));
  seam.serveElicitation((params, signal) => answerRequest2025(parts.pipeline, params, signal));
  seam.onElicitationComplete((elicitationId) => {
    parts.tracker.complete(elicitationId);
  });
  // E-43: requests during this host's own calls are the person's, not spam (counted apart)
  seam.trackToolCalls(() => parts.budget?.beginCall() ?? (() => {}));
  // T-23: every request declares the extension, so a plain `client.callTool` may get a task too.
  if (options.tasks && seam.sdk === 'v2') seam.declareCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
  seam.serveInputRequired?.(async (first, sendLeg, callSignal) => {
    if (isTaskHandle(first)) return followTask(host, { handle: first }, {}, callSignal);
    const closed = seam.closeSignal();
    const signal = callSignal ? AbortSignal.any([callSignal, closed.signal]) : closed.signal;
    const driver = roundDriverFor(host, parts.roundLimits, signal);
    try {
      return await driveRounds(driver, first, sendLeg);
    } finally {
      driver.finish();
      closed.dispose();
    }
  });
  registerHost(client, host);

  return {
    modes: [...parts.modes],
    on: (type, listener) => parts.events.on(type, listener),
    waitForCompletion: (elicitationId, signal) => parts.tracker.waitFor(elicitationId, signal),
  };
}
