import type { UrlElicitationRequest } from '@elicitkit/server/url';

/** The vault entry holding each user's Example API key. */
export const API_KEY_NAME = 'example_api_key';

/**
 * How the demo asks for the key: a `secret` URL elicitation (E-02). The user types the key into a page of this
 * server in their own browser, so it never passes through the MCP client or the model.
 */
export const API_KEY_REQUEST: UrlElicitationRequest = {
  kind: 'secret',
  message:
    'The Example API needs your API key. In this demo any key like sk-demo-12345678 works ' +
    '(sk- and 8 or more letters, digits, - or _).',
  params: { name: API_KEY_NAME, label: 'Example API key' },
};
