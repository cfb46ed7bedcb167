import { makeServer } from '../helpers/peers.js';
import { describeHostileCorpus2025 } from './run-corpus-2025.js';

// The hostile-host corpus on 2025-11-25 against a v2 SDK McpServer (the v1 SDK's run: v1/hostile-2025.test.ts).
describeHostileCorpus2025(
  '[E-60] [E-27] [E-16] hostile host corpus, 2025-11-25: every bad answer ends typed, nothing proceeds',
  (tools) => makeServer('v2 McpServer', tools).instance,
);
