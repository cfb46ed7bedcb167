// The demo's browser MCP host: the SDK's client, @elicitkit/client and @elicitkit/web, in a web page.
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { sanitizeForDisplay } from '@elicitkit/core';
import { webUI } from '@elicitkit/web';
import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>('status');
const toolsSection = $<HTMLElement>('tools-section');
const toolList = $<HTMLUListElement>('tools');
const result = $<HTMLPreElement>('result');

let client: Client | undefined;

/** Server text goes in as text only, sanitized (E-56): never HTML, never a link. */
const safe = (text: string | undefined, maxLength = 500) =>
  sanitizeForDisplay(text ?? '', { allowNewlines: true, maxLength });

/** The result region is live (role=status) from the page's start: screen readers announce each result. */
function show(text: string): void {
  result.textContent = text;
}

async function connect(token: string): Promise<void> {
  await client?.close();
  const ui = webUI({ onNotice: (notice) => (status.textContent = safe(notice.message)) });
  // `?protocol=2025-11-25` or `?protocol=2026-07-28` pins a revision; by default the client negotiates (auto).
  const pinned = new URLSearchParams(location.search).get('protocol');
  const next = new Client(
    { name: 'bistro-web-host', version: '0.1.0' },
    {
      versionNegotiation:
        pinned === '2025-11-25'
          ? { mode: 'legacy' }
          : pinned === '2026-07-28'
            ? { mode: { pin: '2026-07-28' } }
            : { mode: 'auto' },
    },
  );
  installElicitation(next, { ui, opener: ui.opener });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', location.origin), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  status.textContent = 'Connecting…';
  await next.connect(transport);
  client = next;
  const { tools } = await next.listTools();
  const server = next.getServerVersion();
  status.textContent = `Connected to ${safe(server?.title ?? server?.name, 80)} (protocol ${next.getNegotiatedProtocolVersion() ?? transport.protocolVersion ?? 'unknown'}).`;
  renderTools(tools);
}

function renderTools(tools: Tool[]): void {
  toolList.replaceChildren();
  for (const tool of tools) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `Call ${safe(tool.name, 80)}`;
    button.dataset.tool = tool.name;
    const description = document.createElement('span');
    description.textContent = safe(tool.description, 300);
    button.addEventListener('click', () => void call(tool.name));
    const item = document.createElement('li');
    item.append(button, description);
    toolList.append(item);
  }
  toolsSection.hidden = false;
}

async function call(name: string): Promise<void> {
  if (!client) return;
  show(`Calling ${name}…`);
  try {
    const answer = await callToolWithElicitation(client, { name, arguments: {} });
    const text = answer.content
      .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
      .join('\n');
    show(safe(`${answer.isError ? 'Tool error: ' : ''}${text}`, 4000));
  } catch (error) {
    show(safe(`Failed: ${error instanceof Error ? error.message : String(error)}`, 1000));
  }
}

$<HTMLFormElement>('connect').addEventListener('submit', (event) => {
  event.preventDefault();
  const token = $<HTMLSelectElement>('user').value;
  connect(token).catch((error: unknown) => {
    status.textContent = safe(`Could not connect: ${error instanceof Error ? error.message : String(error)}`);
  });
});
