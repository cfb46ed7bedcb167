/**
 * How a test starts a TypeScript helper (a stdio server, a scripted client) in a child Node process: the helper
 * itself through tsx, and the elicitkit packages it imports from their build (`dist`, kept up to date by the
 * suite's global setup, `test/support/build.ts`), as an installed app loads them. Without the `@elicitkit/source`
 * condition the child compiles one file, not every package's sources.
 */
export const NODE_TS: readonly string[] = [process.execPath, '--import', 'tsx'];
