import { UsageError } from '@elicitkit/core';
import { Client } from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';
import { type V1Client, v1Seam } from './client-v1.js';
import { v2Seam } from './client-v2.js';
import type { ClientSeam } from './seam.js';

const V2_PACKAGE = '@modelcontextprotocol/client';

/**
 * The seam for `client`: the v2 adapter for a `Client` of the `@modelcontextprotocol/client` elicitkit
 * loads, the v1 adapter for a v1 SDK client. A v2 client from another copy of the SDK is refused at once
 * (`duplicate-sdk`, naming both copies): elicitkit's checks and the client's classes would not agree.
 */
export function seamFor(client: unknown): ClientSeam {
  if (client instanceof Client) return v2Seam(client);
  const shape = client as Record<string, unknown> | null | undefined;
  if (typeof shape?.getProtocolEra === 'function') {
    const theirs = modulePathOf(client) ?? 'an unknown location';
    const ours = modulePathOf(new Client({ name: 'elicitkit-probe', version: '0' })) ?? 'an unknown location';
    throw new UsageError(
      ClientErrorCode.DuplicateSdk,
      `two copies of ${V2_PACKAGE} are loaded: this client comes from ${theirs}, elicitkit loads ${ours}. ` +
        `Install one copy (it is a peer dependency of @elicitkit/client: \`npm dedupe\`, or align the versions).`,
      { details: { package: V2_PACKAGE, paths: [theirs, ours] } },
    );
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
 * Where the SDK code behind `client` was loaded from. No API says so; the stack of an error thrown from
 * inside the SDK does: a capabilities object whose getter throws is handed to `registerCapabilities`, which
 * reads it in the SDK's own module. Used only to word the duplicate-copy error; nothing is registered.
 */
function modulePathOf(client: unknown): string | undefined {
  const probe = {
    get elicitkitProbe(): never {
      throw new Error('probe');
    },
  };
  try {
    (client as { registerCapabilities(capabilities: unknown): void }).registerCapabilities(probe);
  } catch (error) {
    const stack = error instanceof Error ? String(error.stack) : '';
    for (const match of stack.matchAll(/((?:file|https?):\/\/[^\s()]+?|\/[^\s():]+)(?::\d+)+\)?$/gm)) {
      const file = match[1]!;
      if (file === import.meta.url || import.meta.url.endsWith(file)) continue; // the probe's own frame
      const path = file.startsWith('file://') ? decodeURIComponent(new URL(file).pathname) : file;
      const root = path.indexOf(`/${V2_PACKAGE}/`);
      return root === -1 ? path : path.slice(0, root + V2_PACKAGE.length + 1);
    }
  }
  return undefined;
}
