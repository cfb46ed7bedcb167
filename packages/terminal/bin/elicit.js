#!/usr/bin/env node
// The `elicit` command. The CLI is TypeScript compiled to dist/ by `npm run build`; this stub is kept in
// git with its executable bit, so the command works whatever order npm links bins and builds in.
import('../dist/cli/main.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/main.js')) {
    process.stderr.write('elicit: not built yet; run "npm run build" in the elicitkit checkout.\n');
    process.exitCode = 1;
    return;
  }
  throw error;
});
