import type { Client, Implementation } from '@modelcontextprotocol/client';
import { type Upstream, upstreamAddress } from './upstream.js';

/** Who the bridge fronts, as hosts are shown: upstream's own `serverInfo` and `instructions`, and its address. */
export interface UpstreamIdentity {
  /** Upstream's `serverInfo` (name, title, version), each bounded; its address is added to the title. */
  serverInfo: Implementation;
  instructions?: string;
}

/** The downstream identity before upstream has been reached (or when it cannot be). */
export const BRIDGE_IDENTITY: Implementation = { name: 'elicitkit-bridge', version: '0.1.0' };

const MAX_NAME = 200;
const MAX_INSTRUCTIONS = 16_000;

/**
 * What a connected upstream says it is, for hosts to show: its name as it gave it (a host matches servers by name), its
 * title with the address the bridge was given, since a name alone can lie (any server may call itself anything), and
 * its version and instructions. Bounded; hosts sanitize what they draw (E-44).
 */
export function identityOf(client: Client, upstream: Upstream): UpstreamIdentity {
  const info = client.getServerVersion();
  const address = upstreamAddress(upstream);
  const name = typeof info?.name === 'string' && info.name !== '' ? info.name.slice(0, MAX_NAME) : address;
  const shown = typeof info?.title === 'string' && info.title !== '' ? info.title.slice(0, MAX_NAME) : name;
  const version = typeof info?.version === 'string' ? info.version.slice(0, MAX_NAME) : '';
  const instructions = client.getInstructions();
  return {
    serverInfo: { name, title: `${shown} (${address}, through elicit bridge)`, version },
    ...(typeof instructions === 'string' && { instructions: instructions.slice(0, MAX_INSTRUCTIONS) }),
  };
}
