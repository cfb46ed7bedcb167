import { isElicitkitError } from '@elicitkit/server';
import { type UrlElicitationConnection, UrlErrorCode } from '@elicitkit/server/url';
import type { McpServer } from '@modelcontextprotocol/server';
import { API_KEY_REQUEST } from './api-key.js';
import { reply } from './reply.js';

/**
 * In-band URL elicitation: the tool sends the page's URL, waits for the user's consent, then for the page to
 * complete (the key is in the vault by then), all within this one call.
 */
export function registerSetApiKey(server: McpServer, url: UrlElicitationConnection): void {
  server.registerTool(
    'set_api_key',
    {
      title: 'Set your API key',
      description: 'Opens a page of this server in your browser where you enter your Example API key.',
    },
    async (ctx) => {
      const started = await url.start(ctx, API_KEY_REQUEST);
      if (started.action !== 'accept') {
        return reply(`No key stored: you ${started.action === 'decline' ? 'declined' : 'cancelled'}.`);
      }
      try {
        await started.completion();
      } catch (error) {
        if (isElicitkitError(error, UrlErrorCode.ElicitationExpired)) {
          return reply('The page expired before a key was entered. Call set_api_key again.');
        }
        throw error;
      }
      return reply('Your Example API key is stored on the server, encrypted. Try use_api.');
    },
  );
}
