// The relay in a worker (issue 27: "mounts where agents live"): bundled by bundleWorker and run in real workerd, no
// nodejs_compat. `/ask?user=<name>` stands for the agent's MCP client asking one form through `relay.ui` (what the
// host pipeline would hand it) and answers with what the person said; every other path is the relay's endpoints.
import { createRelay } from '@elicitkit/client/relay';

// workerd does not abort a request's signal when its client goes away: a page that left is noticed at the next
// heartbeat write, so a short heartbeat frees its stream (and lets workerd stop) soon.
const relay = createRelay({
  authenticate: (request) => request.headers.get('x-user') ?? undefined,
  limits: { heartbeatMs: 1000 },
});

/** A form prompt as the host pipeline hands one to a UI: one required text field. */
function namePrompt(signal: AbortSignal) {
  return {
    kind: 'form',
    id: crypto.randomUUID(),
    requester: { name: 'edge-agent' },
    message: 'Your name?',
    signal,
    fields: [{ name: 'name', kind: 'text', label: 'Name', required: true, constraints: {} }],
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    initial: {},
    validateField: () => [],
    validate: (content: Record<string, unknown>) => ({ ok: true, value: content }),
  } as never;
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/ask') {
      const ui = relay.ui({ principal: url.searchParams.get('user') ?? 'nobody' });
      return Response.json(await ui.form(namePrompt(request.signal)));
    }
    return relay.fetch(request);
  },
};
