/**
 * @elicitkit/client/relay/sqlite: the relay's questions and calls in one SQLite file (better-sqlite3), for one agent
 * process on one machine. A subpath of its own so that relays without it never load better-sqlite3.
 *
 * @module @elicitkit/client/relay/sqlite
 */

export { type SqliteRelayStore, type SqliteRelayStoreOptions, sqliteRelayStore } from './sqlite-store.js';
