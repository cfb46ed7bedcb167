// The demo's browser MCP host: the SDK's client, @elicitkit/client and @elicitkit/web, in a web page.
import {
  callToolWithElicitation,
  installElicitation,
  resumeTask,
  type TaskStatusReport,
} from '@elicitkit/client';
import { sanitizeForDisplay } from '@elicitkit/core';
import { webUI } from '@elicitkit/web';
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>('status');
const toolsSection = $<HTMLElement>('tools-section');
const toolList = $<HTMLUListElement>('tools');
const result = $<HTMLPreElement>('result');
const taskLine = $<HTMLParagraphElement>('task');

/**
 * T-24: the id of a running task, kept for this tab (sessionStorage) so that a reload picks the task up again
 * and shows its pending question. Only the id: answers are never stored.
 */
const TASK_KEY = 'elicitkit-demo-task';

let client: Client | undefined;

/** Server text goes in as text only, sanitized (E-56): never HTML, never a link. */
const safe = (text: string | undefined, maxLength = 500) =>
  sanitizeForDisplay(text ?? '', { allowNewlines: true, maxLength });

/** The result region is live (role=status) from the page's start: screen readers announce each result. */
function show(text: string): void {
  result.textContent = text;
}

/** A task's status as it changes; its id kept while it runs, dropped once it ended. */
function onTaskStatus(task: TaskStatusReport): void {
  if (task.status === 'working' || task.status === 'input_required')
    sessionStorage.setItem(TASK_KEY, task.taskId);
  else sessionStorage.removeItem(TASK_KEY);
  const state = task.status === 'input_required' ? 'waiting for your answer' : task.status;
  const message = task.statusMessage ? `: ${safe(task.statusMessage, 300)}` : '';
  taskLine.textContent = `Task ${safe(task.taskId, 64)} ${state}${message}`;
  taskLine.hidden = false;
}

function showResult(answer: CallToolResult): void {
  const text = answer.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  show(safe(`${answer.isError ? 'Tool error: ' : ''}${text}`, 4000));
}

/** After a reload: the task this tab left running, resumed by id; its pending question shows again. */
async function resumeKeptTask(connected: Client): Promise<void> {
  const taskId = sessionStorage.getItem(TASK_KEY);
  if (!taskId) return;
  show('Resuming the running task…');
  try {
    showResult(await resumeTask(connected, taskId, { onTaskStatus }));
  } catch (error) {
    if (connected !== client) return; // reconnected meanwhile: the new connection resumes it
    sessionStorage.removeItem(TASK_KEY);
    show(safe(`Failed: ${error instanceof Error ? error.message : String(error)}`, 1000));
  }
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
  void resumeKeptTask(next);
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
    // On 2026-07-28 the call declares the Tasks extension: export_report then runs as a task.
    showResult(await callToolWithElicitation(client, { name, arguments: {} }, { onTaskStatus }));
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
