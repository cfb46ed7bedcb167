import type { UrlElicitationConnection } from '@elicitkit/server/url';
import type { Vault } from '@elicitkit/server/vault';
import type { McpServer } from '@modelcontextprotocol/server';
import { callExampleApi } from '../example-api.js';
import { API_KEY_NAME, API_KEY_REQUEST } from './api-key.js';
import { reply } from './reply.js';

const OUTCOMES = {
  accepted: 'The Example API accepted your key: call succeeded.',
  refused: 'The Example API refused your key. Call set_api_key to enter another one.',
  unsendable: 'Your stored key has characters an HTTP header cannot carry. Call set_api_key to replace it.',
  unreachable: 'The Example API did not answer. Try again in a moment.',
} as const;

/**
 * A tool that needs something only a URL flow can provide: without a stored key it answers -32042
 * (URLElicitationRequiredError, E-23) and the client retries once the user entered it. The key is read from
 * the vault and used here; no part of it goes into the result (E-37).
 */
export function registerUseApi(
  server: McpServer,
  url: UrlElicitationConnection,
  vault: Vault,
  api: URL,
): void {
  server.registerTool(
    'use_api',
    {
      title: 'Use the Example API',
      description:
        'Calls the Example API with your stored API key (asks for it in your browser the first time).',
    },
    async (ctx) => {
      const key = await vault.get(await url.user(ctx), API_KEY_NAME);
      if (key === undefined) return url.require(ctx, API_KEY_REQUEST);
      return reply(OUTCOMES[await callExampleApi(api, key)]);
    },
  );
}
