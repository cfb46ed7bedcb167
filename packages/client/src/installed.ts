import { UsageError } from '@elicitkit/core';
import { answerInputRequest } from './era/request-2026.js';
import { ClientErrorCode } from './errors.js';
import type { HostParts } from './host-parts.js';
import type { RoundLimits } from './rounds/limits.js';
import { RoundDriver } from './rounds/round-driver.js';
import type { ClientSeam } from './sdk/seam.js';

/** A client's host, as `installElicitation` left it: its SDK seam and its parts. */
export interface InstalledHost {
  seam: ClientSeam;
  parts: HostParts;
}

const hosts = new WeakMap<object, InstalledHost>();

/** Records `client`'s host, for the retry drivers to find. */
export function registerHost(client: object, host: InstalledHost): void {
  hosts.set(client, host);
}

/** Whether `installElicitation` ran on `client`. */
export function isInstalled(client: object): boolean {
  return hosts.has(client);
}

/** `client`'s host, or a `UsageError` `not-installed`. */
export function installedHost(client: object): InstalledHost {
  const host = hosts.get(client);
  if (!host) {
    throw new UsageError(
      ClientErrorCode.NotInstalled,
      'call installElicitation(client, options) before connect to use URL elicitation retries',
    );
  }
  return host;
}

/** A fresh round driver for one 2026 call on `host`: the pipeline answers, the SDK's own handlers take sampling and roots. */
export function roundDriverFor(host: InstalledHost, limits: RoundLimits, signal: AbortSignal): RoundDriver {
  const { parts, seam } = host;
  const other = seam.otherInputRequest?.bind(seam);
  return new RoundDriver(
    {
      answer: (key, entry, legSignal) => answerInputRequest(parts.pipeline, key, entry, legSignal, other),
      surface: parts.surface,
      clock: parts.clock,
    },
    limits,
    signal,
  );
}
