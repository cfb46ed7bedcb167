/**
 * The conformance client: an MCP host built with @elicitkit/client, run by the official conformance CLI
 * (`conformance client --command "…"`), which appends the scenario server's URL as the last argument and
 * names the scenario in MCP_CONFORMANCE_SCENARIO. It lists the server's tools and calls each one with
 * example arguments; elicitation requests (2025 `elicitation/create`, or 2026 input requests) are answered
 * by a scripted user who accepts every form with the prefilled defaults (SEP-1034) and declines every URL,
 * so no browser is ever opened.
 */
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI, submitDefaults } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const serverUrl = process.argv.at(-1);
if (!serverUrl?.startsWith('http')) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '(none)';

// Either era: the client probes with server/discover and falls back to initialize for a 2025 scenario server.
const client = new Client(
  { name: 'elicitkit-conformance-client', version: '0.1.0' },
  { versionNegotiation: { mode: 'auto' } },
);
const ui = scriptedUI([], { form: submitDefaults, url: { action: 'decline' } });
installElicitation(client, {
  ui,
  opener: async (href) => {
    throw new Error(`the conformance client never opens URLs (asked to open ${href})`);
  },
});
await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));

const { tools } = await client.listTools();
for (const tool of tools) {
  try {
    const result = await callToolWithElicitation(client, {
      name: tool.name,
      arguments: exampleArguments(tool.inputSchema),
    });
    console.log(`[${scenario}] ${tool.name}: ${JSON.stringify(result.content)}`);
  } catch (error) {
    if (!isMissingResultType(error)) throw error;
    // sep-2322 sends a 2026 result without resultType. SDK 2.4 refuses it (the absent-means-complete rule
    // is for earlier-revision servers); it never retries it either, which is what the scenario checks.
    console.log(`[${scenario}] ${tool.name}: refused by the SDK: ${(error as Error).message}`);
  }
}
console.log(`[${scenario}] prompts answered: ${ui.prompts.length}`);
await client.close();

function isMissingResultType(error: unknown): boolean {
  const data = (error as { code?: unknown; data?: { violation?: unknown } } | undefined) ?? {};
  return data.code === 'INVALID_RESULT' && data.data?.violation === 'missing-resultType';
}

/** Plausible arguments for a tool's input schema: enough for the scenario servers' tools. */
function exampleArguments(schema: { properties?: Record<string, unknown> }): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  let counter = 0;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const type = (property as { type?: unknown }).type;
    counter += 1;
    if (type === 'number' || type === 'integer') args[name] = counter;
    else if (type === 'boolean') args[name] = true;
    else if (type === 'string') args[name] = `example-${name}`;
  }
  return args;
}
