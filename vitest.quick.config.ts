import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:quick`: the unit layer, for the edit-test loop. It leaves out what needs a browser, Redis, tmux, the
 * conformance CLI, workerd, the host frameworks or scratch apps, and the type-check of every doc example; `npm test`
 * runs everything.
 * Name a new test after the layer it needs (`*.browser.test.ts`, or put it under one of these folders) and it is
 * left out here too.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        '**/*.browser.test.ts', // Chromium
        'test/e2e/**', // Chromium, OAuth servers
        'test/scale/**', // redis-server, several processes
        'test/deploy/**', // nginx, redis-server, Chromium, several demo processes
        'test/conformance/**', // the conformance CLI and its Node 22
        'test/consumer/**', // npm installs into scratch apps
        'test/edge/**', // workerd
        'test/tooling/**', // type programs of every entry point and doc example
        'packages/client/test/{recipes,duplicate-sdk}.test.ts', // the host frameworks (tools/host-frameworks)
        'packages/server/test/redis/**', // redis-server
        'packages/terminal/test/{call-command,call-modern,demo,demo-redis,demo-url}.test.ts', // tmux, demo, Chromium
        'packages/terminal/test/session-*.test.ts', // tmux
      ],
    },
  }),
);
