import { PeerError } from '@elicitkit/core';
import type { ElicitationRecord, ElicitationStatus, VaultRecord } from '../url/store/types.js';
import { RedisErrorCode } from './errors.js';

/** The hash fields of a record, flat (`field, value, …`) as HSET and XADD take them. */
export function recordFields(record: ElicitationRecord): string[] {
  const fields = [
    'id',
    record.id,
    'kind',
    record.kind,
    'message',
    record.message,
    'params',
    JSON.stringify(record.params),
    'user',
    record.user,
    'connectionId',
    record.client.connectionId,
    'clientId',
    record.client.clientId,
    'status',
    record.status,
    'createdAt',
    String(record.createdAt),
    'expiresAt',
    String(record.expiresAt),
  ];
  // Absent stays absent, so a record read back equals the one written.
  if (record.client.clientName !== undefined) fields.push('clientName', record.client.clientName);
  if (record.completedAt !== undefined) fields.push('completedAt', String(record.completedAt));
  return fields;
}

/** Pairs a flat `field, value, …` reply (HGETALL in Lua, a stream entry) into an object. */
export function pairs(flat: readonly string[]): Record<string, string> {
  const object: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) object[flat[i] as string] = flat[i + 1] as string;
  return object;
}

const STATUSES: ReadonlySet<string> = new Set<ElicitationStatus>(['pending', 'completed', 'expired']);

function invalid(where: string): PeerError<'store-record-invalid'> {
  return new PeerError(
    RedisErrorCode.StoreRecordInvalid,
    `RedisElicitationStore: the record at ${where} is not one this store wrote (another app under the same key prefix?)`,
  );
}

function integer(value: string | undefined, field: string, where: string): number {
  const number = Number(value);
  if (value === undefined || !Number.isSafeInteger(number)) throw invalid(`${where}.${field}`);
  return number;
}

function text(value: string | undefined, field: string, where: string): string {
  if (value === undefined) throw invalid(`${where}.${field}`);
  return value;
}

/** Reads a record back from its hash fields; anything malformed is refused rather than guessed. */
export function toRecord(hash: Record<string, string>, where: string): ElicitationRecord {
  const status = text(hash.status, 'status', where);
  if (!STATUSES.has(status)) throw invalid(`${where}.status`);
  let params: unknown;
  try {
    params = JSON.parse(text(hash.params, 'params', where));
  } catch {
    throw invalid(`${where}.params`);
  }
  if (
    typeof params !== 'object' ||
    params === null ||
    Array.isArray(params) ||
    Object.values(params).some((v) => typeof v !== 'string')
  ) {
    throw invalid(`${where}.params`);
  }
  const record: ElicitationRecord = {
    id: text(hash.id, 'id', where),
    kind: text(hash.kind, 'kind', where),
    message: text(hash.message, 'message', where),
    params: params as Record<string, string>,
    user: text(hash.user, 'user', where),
    client: {
      connectionId: text(hash.connectionId, 'connectionId', where),
      clientId: text(hash.clientId, 'clientId', where),
      ...(hash.clientName === undefined ? {} : { clientName: hash.clientName }),
    },
    status: status as ElicitationStatus,
    createdAt: integer(hash.createdAt, 'createdAt', where),
    expiresAt: integer(hash.expiresAt, 'expiresAt', where),
  };
  if (hash.completedAt !== undefined) record.completedAt = integer(hash.completedAt, 'completedAt', where);
  return record;
}

interface StoredVaultEntry {
  keyId: string;
  iv: string;
  ciphertext: string;
  updatedAt: number;
}

/** One vault entry as a hash field value: the key id, IV and ciphertext (base64), nothing in clear. */
export function encodeVaultEntry(record: VaultRecord): string {
  const entry: StoredVaultEntry = {
    keyId: record.keyId,
    iv: Buffer.from(record.iv).toString('base64'),
    ciphertext: Buffer.from(record.ciphertext).toString('base64'),
    updatedAt: record.updatedAt,
  };
  return JSON.stringify(entry);
}

export function decodeVaultEntry(user: string, name: string, value: string, where: string): VaultRecord {
  let entry: Partial<StoredVaultEntry>;
  try {
    entry = JSON.parse(value) as Partial<StoredVaultEntry>;
  } catch {
    throw invalid(where);
  }
  if (
    typeof entry.keyId !== 'string' ||
    typeof entry.iv !== 'string' ||
    typeof entry.ciphertext !== 'string' ||
    !Number.isSafeInteger(entry.updatedAt)
  ) {
    throw invalid(where);
  }
  return {
    user,
    name,
    keyId: entry.keyId,
    iv: new Uint8Array(Buffer.from(entry.iv, 'base64')),
    ciphertext: new Uint8Array(Buffer.from(entry.ciphertext, 'base64')),
    updatedAt: entry.updatedAt as number,
  };
}
