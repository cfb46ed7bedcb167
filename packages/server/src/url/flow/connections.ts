import { randomUUID } from 'node:crypto';
import type { ServerSeam } from '../../sdk/seam.js';
import type { ClientBinding, ElicitationRecord } from '../store/types.js';

/** Records of 2026-07-28 flows carry this before their flow id instead of a connection id: no notice goes to them. */
export const MRTR_CONNECTION_PREFIX = 'mrtr:';
/** Marks a flow of the form fallback (issue 37): no client to notify, the person makes the call again. */
export const FALLBACK_CONNECTION_PREFIX = 'fallback:';

/**
 * One MCP server instance attached for URL elicitation: one client connection (a Streamable HTTP session,
 * or a stdio process), on either SDK (read through the seam). Its user is learned from verified credentials only and
 * never changes afterwards.
 */
export class AttachedConnection {
  readonly server: ServerSeam;
  /** Stands in for a session id on sessionless transports (stdio); lives as long as this process. */
  readonly #localId = `local:${randomUUID()}`;
  readonly attachedAt: number;
  user: string | undefined;
  clientId: string | undefined;

  constructor(server: ServerSeam, attachedAt: number) {
    this.server = server;
    this.attachedAt = attachedAt;
  }

  get alive(): boolean {
    return this.server.connected;
  }

  get connectionId(): string {
    return this.server.sessionId ?? this.#localId;
  }

  get clientName(): string | undefined {
    return this.server.clientInfo()?.name;
  }

  get declaresUrlMode(): boolean {
    return this.server.clientCapabilities()?.elicitation?.url !== undefined;
  }

  binding(): ClientBinding {
    const name = this.clientName;
    return {
      connectionId: this.connectionId,
      clientId: this.clientId ?? 'local',
      ...(name === undefined ? {} : { clientName: name }),
    };
  }
}

/**
 * Who gets the completion notice of `record` among the connections of this process (E-18):
 * - `initiator`: the very connection that started it, still open;
 * - `reconnected`: that connection is gone, and a newer one has the same client identity, i.e. the same
 *   verified user, the same OAuth client id (`authInfo.clientId`) and the same `clientInfo.name`;
 * - nobody otherwise: another client of the same user, or another user, never gets it.
 */
export function noticeRecipient(
  connections: Iterable<AttachedConnection>,
  record: ElicitationRecord,
): { connection: AttachedConnection; match: 'initiator' | 'reconnected' } | undefined {
  let reconnected: AttachedConnection | undefined;
  for (const connection of connections) {
    if (!connection.alive || connection.user !== record.user) continue;
    if (connection.connectionId === record.client.connectionId) return { connection, match: 'initiator' };
    const sameClient =
      (connection.clientId ?? 'local') === record.client.clientId &&
      connection.clientName === record.client.clientName;
    if (sameClient && (!reconnected || connection.attachedAt > reconnected.attachedAt))
      reconnected = connection;
  }
  return reconnected && { connection: reconnected, match: 'reconnected' };
}
