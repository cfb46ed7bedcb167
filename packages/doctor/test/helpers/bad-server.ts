// A deliberately bad MCP server (SDK v2, raw: no elicitkit between the tools and the wire), served on stdio for every
// revision: its tools break the spec's rules for servers on purpose, so `elicit doctor` must name each.
//   node --import tsx bad-server.ts
import { McpServer, PROTOCOL_VERSION_META_KEY, type ServerContext } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const AS_SENT = {
  '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) => ({ value }) },
};

const PASSWORD_FORM = {
  mode: 'form',
  message: 'Sign in to continue.',
  requestedSchema: {
    type: 'object',
    properties: {
      username: { type: 'string', title: 'Username' },
      password: { type: 'string', title: 'Password' },
    },
    required: ['username', 'password'],
  },
};
const URL_ASK = { mode: 'url', message: 'Open this page.', url: 'http://pages.example.com/connect' };

const modern = (ctx: ServerContext) =>
  (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY] === '2026-07-28';
const answered = (ctx: ServerContext) => Object.keys(ctx.mcpReq.inputResponses ?? {}).length > 0;
const done = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const round = (params: Record<string, unknown>, state: string) =>
  ({
    resultType: 'input_required',
    inputRequests: { ask: { method: 'elicitation/create', params } },
    requestState: state,
  }) as never;

/** Asks once: pushed on a 2025 session, one round on 2026-07-28. */
async function askOnce(ctx: ServerContext, params: Record<string, unknown>) {
  if (!modern(ctx)) {
    await ctx.mcpReq.send({ method: 'elicitation/create', params }, AS_SENT as never);
    return done('asked');
  }
  return answered(ctx) ? done('asked') : round(params, 'once');
}

function createServer() {
  const server = new McpServer({ name: 'bad-server', version: '0.0.1' });
  server.registerTool('ask_password', { description: 'Asks a password in form mode (E-01)' }, (ctx) =>
    askOnce(ctx, PASSWORD_FORM),
  );
  server.registerTool(
    'url_to_anyone',
    { description: 'Sends URL mode whatever the host declared (E-09)' },
    (ctx) => askOnce(ctx, modern(ctx) ? URL_ASK : { ...URL_ASK, elicitationId: 'e-1' }),
  );
  server.registerTool('rounds_forever', { description: 'Asks again on every retry (M-08)' }, (ctx) =>
    modern(ctx)
      ? round(
          {
            mode: 'form',
            message: 'One more?',
            requestedSchema: { type: 'object', properties: { n: { type: 'number' } } },
          },
          'again',
        )
      : done('2025: no rounds'),
  );
  server.registerTool('nothing', { description: 'Asks nothing' }, () => done('fine'));
  return server;
}

serveStdio(() => createServer());
