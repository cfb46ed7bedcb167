/**
 * The storage contract of URL-mode elicitation. Every method is async so that a networked implementation
 * (Redis, several server instances) fits the same shape; `describeStoreContract` in the tests is the
 * executable form of the rules written here.
 */

/** `expired` is stored when an elicitation is withdrawn; running past `expiresAt` counts as expired too. */
export type ElicitationStatus = 'pending' | 'completed' | 'expired';

/**
 * The MCP client connection that started an elicitation (E-40). `connectionId` is a routing hint only and
 * never identifies the user (E-29); `clientId` comes from verified credentials; `clientName` narrows.
 */
export interface ClientBinding {
  /** The transport session id, or a per-process id for sessionless transports (stdio). */
  connectionId: string;
  /** `authInfo.clientId` of the verified bearer credentials, or `local` without HTTP authorization. */
  clientId: string;
  /** `clientInfo.name` from `initialize`, when known. */
  clientName?: string;
}

/** One URL elicitation as stored: what it asks, whom it is bound to, and where it stands. */
export interface ElicitationRecord {
  id: string;
  /** Which page handles it (`secret`, `oauth`, app-defined). */
  kind: string;
  /** The text sent in `elicitation/create`, also shown on the page. */
  message: string;
  /** Kind-specific, non-secret parameters (e.g. the vault entry name). Never put in the URL. */
  params: Record<string, string>;
  /** The verified user it is bound to (E-28). */
  user: string;
  client: ClientBinding;
  status: ElicitationStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  expiresAt: number;
  completedAt?: number;
}

/** The result of {@link ElicitationStore.complete}: the completed record, or why it could not complete. */
export type CompleteOutcome =
  | { ok: true; record: ElicitationRecord }
  | { ok: false; reason: 'unknown' | 'already-completed' | 'expired' };

/** Published once per completed elicitation, to every subscriber of every instance sharing the store. */
export interface CompletionEvent {
  record: ElicitationRecord;
}

/** Called once per completion published through the store. */
export type CompletionListener = (event: CompletionEvent) => void;

/** One encrypted vault entry. The store sees ciphertext only. */
export interface VaultRecord {
  user: string;
  name: string;
  /** Which key encrypted it, for rotation. */
  keyId: string;
  iv: Uint8Array;
  /** AES-GCM ciphertext with the 16-byte tag appended. */
  ciphertext: Uint8Array;
  updatedAt: number;
}

/** Where URL elicitations and vault entries are kept: memory, SQLite, Redis, or your own implementation. */
export interface ElicitationStore {
  /** Stores a new pending record. Rejects with `store-conflict` when the id exists. */
  create(record: ElicitationRecord): Promise<void>;
  /** A copy of the record, or undefined. */
  get(id: string): Promise<ElicitationRecord | undefined>;
  /**
   * Atomically moves a pending, unexpired (`expiresAt > now`) record to `completed`. Exactly one caller
   * ever gets `ok: true`; that call also publishes the `CompletionEvent`.
   */
  complete(id: string, now: number): Promise<CompleteOutcome>;
  /** Withdraws a pending record (status `expired`); true when it changed. */
  expire(id: string): Promise<boolean>;
  /** Deletes records whose `expiresAt` is before `before`, whatever their status; returns how many. */
  purge(before: number): Promise<number>;
  /**
   * Atomically claims the right to send the completion notice of a completed record: true for exactly one
   * caller across all instances, so a completion is announced at most once.
   */
  claimNotice(id: string): Promise<boolean>;
  /** Receives completions made through any instance sharing this store. Resolves once listening. */
  subscribe(listener: CompletionListener): Promise<() => void>;

  /** Stores a vault entry, replacing the user's entry of the same name. */
  putVaultRecord(record: VaultRecord): Promise<void>;
  /** The user's vault entry of that name, or undefined. */
  getVaultRecord(user: string, name: string): Promise<VaultRecord | undefined>;
  /** Deletes the user's vault entry of that name; true when one existed. */
  deleteVaultRecord(user: string, name: string): Promise<boolean>;
  /**
   * Claims the right to rewrite the user's vault entry of that name for `holder` until `until` (ms since the epoch):
   * true when no other holder has an unexpired claim on it, across every instance sharing this store. One instance
   * at a time refreshes a user's OAuth tokens this way. Optional: a store without it leaves such work single-flight
   * per process only.
   */
  claimVaultLease?(user: string, name: string, holder: string, until: number, now: number): Promise<boolean>;
  /** Ends `holder`'s claim, if it still has it (a lapsed claim taken over by another holder is left alone). */
  releaseVaultLease?(user: string, name: string, holder: string): Promise<void>;

  /** Releases connections and timers; the store is unusable afterwards. */
  close(): Promise<void>;
}
