import { fileURLToPath } from 'node:url';

/**
 * The CLI as a user runs it: its build (`bin/elicit.js` loads `dist/cli/main.js`), kept up to date by the suite's
 * global setup (test/support/build.ts).
 */
export const ELICIT = [process.execPath, fileURLToPath(new URL('../../bin/elicit.js', import.meta.url))];
