import { makeServer } from '../helpers/peers.js';
import { describeHostileCorpus2025 } from '../hostile/run-corpus-2025.js';

// The hostile-host corpus against a v1 SDK McpServer, on the v1 SDK's own parsing of what arrives.
describeHostileCorpus2025(
  '[E-60] [E-27] hostile host corpus on a v1 SDK server: every bad answer ends typed, nothing proceeds',
  (tools) => makeServer('v1 McpServer', tools).instance,
);
