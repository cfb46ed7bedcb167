// A host in a consumer app (test/consumer): compiled there against the installed tarballs and the SDK, then run.
// It calls the README server's `order` tool on every target and revision given, answering the form from a script,
// and prints one JSON line of what happened. Usage: node dist/host.js (--http <url> | --stdio <server.js>)…
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const REVISIONS = ['2026-07-28', '2025-11-25'] as const;

const targets: { kind: 'http' | 'stdio'; where: string }[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  const kind = args[i] === '--http' ? 'http' : args[i] === '--stdio' ? 'stdio' : undefined;
  const where = args[i + 1];
  if (!kind || !where)
    throw new Error(`usage: host.js (--http <url> | --stdio <server.js>)…, got ${args.join(' ')}`);
  targets.push({ kind, where });
}

function transportFor(target: (typeof targets)[number]): Transport {
  return target.kind === 'http'
    ? new StreamableHTTPClientTransport(new URL(target.where))
    : new StdioClientTransport({ command: process.execPath, args: [target.where], stderr: 'inherit' });
}

const results = [];
for (const target of targets) {
  for (const revision of REVISIONS) {
    const client = new Client(
      { name: 'consumer-host', version: '1.0.0' },
      { versionNegotiation: revision === '2025-11-25' ? { mode: 'legacy' } : { mode: { pin: revision } } },
    );
    const ui = scriptedUI([{ form: () => ({ action: 'submit', content: { name: 'Ada', zip: '12345' } }) }]);
    installElicitation(client, { ui });
    await client.connect(transportFor(target));
    const result = await callToolWithElicitation(client, { name: 'order', arguments: {} });
    const [first] = result.content as { type: string; text?: string }[];
    results.push({
      target: target.kind,
      revision,
      negotiated: client.getNegotiatedProtocolVersion(),
      prompts: ui.prompts.length,
      text: first?.text,
    });
    await client.close();
  }
}
console.log(JSON.stringify(results));
