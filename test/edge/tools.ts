// The package's root entry: forms and state sealing only, Web-standard (URL mode, OAuth and Node hosting are
// subpaths), so a worker imports it as any author would.
import { elicitForm, integer, text } from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';

/**
 * The tool the edge test serves from workerd (and, for the cross-runtime round, from Node): two asks, so two
 * input-required rounds and a sealed state carrying the first answer into the second. The second message
 * holds a URL so the E-47 warning runs where Node's `process` does not exist.
 */
export function registerEdgeTools(server: McpServer): void {
  server.registerTool('order', { description: 'asks a name, then a quantity' }, async (ctx) => {
    const who = await elicitForm(ctx, { message: 'Name?', schema: { name: text().title('Name') } });
    if (who.action !== 'accept') return json({ declined: who.action });
    const qty = await elicitForm(ctx, {
      message: `How many for ${who.data.name}? Sizes: https://shop.example/sizes`,
      schema: { qty: integer({ minimum: 1 }).title('Quantity') },
    });
    if (qty.action !== 'accept') return json({ declined: qty.action });
    return json({ name: who.data.name, qty: qty.data.qty, runtime: runtimeName() });
  });
}

function json(value: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value) }] };
}

/** Which runtime answered, so the test knows the worker (not a Node fallback) ran the handler. */
function runtimeName(): string {
  const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '';
  return agent.includes('Cloudflare-Workers') ? 'workerd' : 'node';
}
