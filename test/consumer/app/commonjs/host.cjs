// A CommonJS host in a consumer app (issue 29): calls `order` with the form answered from a script, on every revision
// its SDK speaks, and prints one JSON line. Usage: node host.cjs v2|v1 (--http <url> | --stdio <server.cjs> <mode>)
const { callToolWithElicitation, installElicitation } = require('@elicitkit/client');
const { scriptedUI } = require('@elicitkit/client/testing');

const [sdk, kind, where, serverMode] = process.argv.slice(2);
const v1 = sdk === 'v1';

function connection(revision) {
  if (v1) {
    const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
    const client = new Client({ name: 'consumer-host-cjs', version: '1.0.0' });
    return {
      client,
      transport: new StdioClientTransport({ command: process.execPath, args: [where, serverMode] }),
    };
  }
  const { Client, StreamableHTTPClientTransport } = require('@modelcontextprotocol/client');
  const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio');
  const client = new Client(
    { name: 'consumer-host-cjs', version: '1.0.0' },
    { versionNegotiation: revision === '2025-11-25' ? { mode: 'legacy' } : { mode: { pin: revision } } },
  );
  const transport =
    kind === '--http'
      ? new StreamableHTTPClientTransport(new URL(where))
      : new StdioClientTransport({ command: process.execPath, args: [where, serverMode], stderr: 'inherit' });
  return { client, transport };
}

(async () => {
  const results = [];
  for (const revision of v1 ? ['2025-11-25'] : ['2026-07-28', '2025-11-25']) {
    const { client, transport } = connection(revision);
    const ui = scriptedUI([{ form: () => ({ action: 'submit', content: { name: 'Ada', zip: '12345' } }) }]);
    installElicitation(client, { ui });
    await client.connect(transport);
    const result = await callToolWithElicitation(client, { name: 'order', arguments: {} });
    const negotiated = v1 ? revision : client.getNegotiatedProtocolVersion();
    results.push({ revision, negotiated, prompts: ui.prompts.length, text: result.content[0]?.text });
    await client.close();
  }
  console.log(JSON.stringify(results));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
