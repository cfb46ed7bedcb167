import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/**
 * What a host keeps about its sign-in to one server (one protected resource): the registration, the tokens,
 * the discovery the callback leg checks against, and the sign-in under way (state and PKCE verifier). One
 * record per server and per person: a host on a server keys records by principal as well.
 */
export interface SignInRecord {
  /** The record's format, so a later version can read what an earlier one wrote. */
  version: 1;
  /** The MCP server's URL the record is for (where tokens are sent). */
  server: string;
  clientInformation?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When `tokens` were saved, epoch ms: with `expires_in`, when the access token runs out. */
  tokensSavedAt?: number;
  discovery?: OAuthDiscoveryState;
  /** The redirect URL the registration was made with (a loopback keeps its port from run to run). */
  redirectUrl?: string;
  /** The sign-in under way: checked when the browser comes back. */
  pending?: { state: string; codeVerifier: string; startedAt: number };
}

/**
 * Where sign-in records live. Keys are opaque strings from {@link signInKey} (and a principal, for hosts on
 * servers). `update` is a read-modify-write that a store makes atomic for its medium (a file: a lock and a
 * rename; SQLite: a transaction; memory: synchronous).
 */
export interface SignInStore {
  /** The record under `key`, or undefined. */
  read(key: string): Promise<SignInRecord | undefined>;
  /** Replaces the record with what `change` makes of it (undefined: removes it), atomically for the medium. */
  update(key: string, change: (record: SignInRecord | undefined) => SignInRecord | undefined): Promise<void>;
  /**
   * Holds `key` for one sign-in against other processes (a desktop host starts a stdio server twice), waiting
   * while another holds it; resolves to the release. Stores one process owns need none.
   */
  lock?(key: string, signal: AbortSignal): Promise<() => Promise<void>>;
}

/** The key of a server's record: its URL without fragment, query kept (it names the resource). */
export function signInKey(serverUrl: URL | string, principal?: string): string {
  const url = new URL(String(serverUrl));
  url.hash = '';
  return principal === undefined ? url.href : `${principal}\n${url.href}`;
}

/** A store in this process's memory: for tests, and for hosts that sign in again on each start. */
export function memorySignInStore(): SignInStore {
  const records = new Map<string, string>();
  return {
    async read(key) {
      const text = records.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as SignInRecord);
    },
    async update(key, change) {
      const text = records.get(key);
      const next = change(text === undefined ? undefined : (JSON.parse(text) as SignInRecord));
      if (next === undefined) records.delete(key);
      else records.set(key, JSON.stringify(next));
    },
  };
}
