import { duplicateSdkError, type SdkCopy, sameSdkPackage, sdkCopyOf, UsageError } from '@elicitkit/core';
import { Client } from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';
import { type V1Client, v1Seam } from './client-v1.js';
import { v2Seam } from './client-v2.js';
import type { ClientSeam } from './seam.js';

const V2_PACKAGE = '@modelcontextprotocol/client';

/**
 * The seam for `client`: the v2 adapter for a `Client` of the `@modelcontextprotocol/client` elicitkit loads, in
 * either of its builds (a CommonJS app `require`s the CommonJS build, elicitkit loads the ES module one: the same
 * SDK, whose errors are branded across builds), the v1 adapter for a v1 SDK client. A v2 client from another copy of
 * the SDK is refused at once (`duplicate-sdk`, naming both copies): its protected members may differ from ours.
 */
export function seamFor(client: unknown): ClientSeam {
  if (client instanceof Client) return v2Seam(client);
  const shape = client as Record<string, unknown> | null | undefined;
  if (typeof shape?.getProtocolEra === 'function') {
    const theirs = copyOf(client);
    const ours = copyOf(new Client({ name: 'elicitkit-probe', version: '0' }));
    if (sameSdkPackage(theirs, ours)) return v2Seam(client as Client);
    throw duplicateSdkError('installElicitation', V2_PACKAGE, theirs, ours);
  }
  if (
    typeof shape?.registerCapabilities === 'function' &&
    typeof shape.getServerVersion === 'function' &&
    typeof shape.callTool === 'function' &&
    typeof shape.request === 'function'
  ) {
    return v1Seam(client as V1Client);
  }
  throw new UsageError(
    ClientErrorCode.UnsupportedSdk,
    `installElicitation needs a Client from ${V2_PACKAGE} (2.x) or @modelcontextprotocol/sdk (1.x)`,
  );
}

/**
 * Where the SDK code behind `client` was loaded from. No API says so; the stack of an error thrown from inside the SDK
 * does: a capabilities object whose getter throws is handed to `registerCapabilities`, which reads it in the SDK's own
 * module. Nothing is registered.
 */
function copyOf(client: unknown): SdkCopy | undefined {
  const probe = {
    get elicitkitProbe(): never {
      throw new Error('probe');
    },
  };
  try {
    (client as { registerCapabilities(capabilities: unknown): void }).registerCapabilities(probe);
  } catch (error) {
    return sdkCopyOf(error, V2_PACKAGE);
  }
  return undefined;
}
