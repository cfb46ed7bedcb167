/**
 * @elicitkit/server/sqlite: URL-mode state in one SQLite file (better-sqlite3), the embedded default for a single
 * server instance. A subpath of its own so that servers without URL mode never need the native module.
 *
 * @module @elicitkit/server/sqlite
 */
export { SqliteTaskStore, type SqliteTaskStoreOptions } from '../tasks/stores/sqlite.js';
export { SqliteElicitationStore, type SqliteElicitationStoreOptions } from './store.js';
