import type { Server } from '@modelcontextprotocol/server';
import { ElicitationUnsupportedError, UnsupportedProtocolEraError } from '../../errors.js';

/** The last revision with server-to-client `elicitation/create` and `-32042`; later ones use input-required results. */
const LAST_PUSH_REVISION = '2025-11-25';

/** Throws unless this connection may receive a URL-mode elicitation. Nothing is sent when it throws. */
export function assertUrlModeDeclared(server: Server): void {
  const revision = server.getNegotiatedProtocolVersion();
  if (revision !== undefined && revision > LAST_PUSH_REVISION)
    throw new UnsupportedProtocolEraError(revision);
  // E-09: url mode only to clients that declared `elicitation.url`
  if (server.getClientCapabilities()?.elicitation?.url === undefined)
    throw new ElicitationUnsupportedError('url');
}
