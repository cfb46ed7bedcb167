/**
 * A raw 2026-07-28 JSON-RPC client over Streamable HTTP, for the Tasks extension: every request is one POST with
 * its `_meta` envelope and the standard headers (`Mcp-Method`, `Mcp-Name` = the task id, T-26). Nothing is kept
 * between requests but the task ids the test holds, as a host that restarted would.
 */
/** A JSON value from the wire, read field by field by the tests' assertions. */
// biome-ignore lint/suspicious/noExplicitAny: wire JSON; every use is checked by an expect()
export type Wire = any;

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface TaskWireClient {
  rpc(method: string, params: Record<string, unknown>): Promise<{ result?: Wire; error?: RpcError }>;
  call(name: string, args?: Record<string, unknown>): Promise<Wire>;
  get(taskId: string): Promise<Wire>;
  update(taskId: string, inputResponses: Record<string, unknown>): Promise<Wire>;
  cancel(taskId: string): Promise<Wire>;
  /** Polls `tasks/get` until `until` holds (what a host does; the test's own timeout bounds it). */
  waitFor(taskId: string, until: (task: Wire) => boolean): Promise<Wire>;
}

let nextId = 1;

export function taskWireClient(
  url: URL | string | (() => URL | string),
  options: {
    token?: string;
    tasks?: boolean;
    /** What the client declares (default form mode); `false` declares no elicitation at all. */
    elicitation?: Record<string, unknown> | false;
    /** Sends the requests (default: the global `fetch`), e.g. one that trusts a test's own TLS certificate. */
    fetch?: typeof fetch;
  } = {},
): TaskWireClient {
  const capabilities = {
    ...(options.elicitation !== false && { elicitation: options.elicitation ?? { form: {} } }),
    ...(options.tasks !== false && { extensions: { 'io.modelcontextprotocol/tasks': {} } }),
  };
  const target = () => (typeof url === 'function' ? url() : url);
  async function rpc(method: string, params: Record<string, unknown>) {
    const id = nextId++;
    const name =
      method === 'tools/call' ? params.name : method.startsWith('tasks/') ? params.taskId : undefined;
    const response = await (options.fetch ?? fetch)(target(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof name === 'string' && { 'mcp-name': name }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'task-wire-client', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': capabilities,
          },
        },
      }),
    });
    const text = await response.text();
    const json = text.trimStart().startsWith('{')
      ? JSON.parse(text)
      : text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => JSON.parse(line.slice(5)))
          .find((message) => message.id === id);
    return json as { result?: Wire; error?: RpcError };
  }
  const ok = async (method: string, params: Record<string, unknown>) => {
    const { result, error } = await rpc(method, params);
    if (error) throw Object.assign(new Error(`${method}: ${error.code} ${error.message}`), error);
    const { _meta: _serverStamp, ...rest } = result; // the SDK stamps serverInfo on every 2026 result
    return rest;
  };
  return {
    rpc,
    call: (name, args = {}) => ok('tools/call', { name, arguments: args }),
    get: (taskId) => ok('tasks/get', { taskId }),
    update: (taskId, inputResponses) => ok('tasks/update', { taskId, inputResponses }),
    cancel: (taskId) => ok('tasks/cancel', { taskId }),
    async waitFor(taskId, until) {
      for (;;) {
        const task = await ok('tasks/get', { taskId });
        if (until(task)) return task;
        // Ten times faster than the task asks (T-24 says at its pace; the server slows down anything faster, T-11).
        await new Promise((resolve) => setTimeout(resolve, Math.max(10, (task.pollIntervalMs ?? 1000) / 10)));
      }
    },
  };
}
