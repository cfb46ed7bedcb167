// A host app built on the library, as a user writes one: terminalUI({ hostName, locale }) installed on a v2
// SDK client, one tool called through callToolWithElicitation, the result printed. Arguments:
// <host name> <locale> <tool> (<http-url> | -- <command> [args…]).
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { terminalUI } from '../../src/index.js';

const [hostName, locale, tool, target, ...command] = process.argv.slice(2);
const client = new Client({ name: 'acme-host', version: '1.0.0' });
installElicitation(client, { ui: terminalUI({ hostName: hostName!, locale: locale! }) });
const transport =
  target === '--'
    ? new StdioClientTransport({ command: command[0]!, args: command.slice(1), stderr: 'ignore' })
    : new StreamableHTTPClientTransport(new URL(target!));
await client.connect(transport);
const result = await callToolWithElicitation(client, { name: tool!, arguments: {} });
process.stdout.write(`RESULT ${JSON.stringify(result.content)}\n`);
await client.close();
