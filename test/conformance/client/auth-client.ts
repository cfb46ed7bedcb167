/**
 * The conformance client for the suite's `auth/*` scenarios: an MCP host that signs in with
 * `@elicitkit/client/sign-in` (the SDK's OAuth client, a loopback redirect, a store in memory). The "browser"
 * is a fetch that follows the authorization server's redirect back to the loopback, as a person's browser
 * would after they approve. What a real host would be configured with comes from the scenario's context
 * (MCP_CONFORMANCE_CONTEXT): a pre-registered client's id and secret; the host's Client ID Metadata
 * Document URL is this host's configuration.
 */
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { loopbackRedirect } from '@elicitkit/client/node';
import {
  createSignIn,
  type MachineGrant,
  memorySignInStore,
  type SignInClient,
} from '@elicitkit/client/sign-in';
import { scriptedUI, submitDefaults } from '@elicitkit/client/testing';
import {
  Client,
  requestJwtAuthorizationGrant,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';

const serverUrl = process.argv.at(-1);
if (!serverUrl?.startsWith('http')) {
  console.error('usage: auth-client.ts <server-url>');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '(none)';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  valid_jwt?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_token_endpoint?: string;
};

/**
 * A host signing in as itself is configured so (per server, as a real host would be): client credentials with a
 * secret or a private key, a workload token, or an enterprise IdP's ID token exchanged for an ID-JAG (SEP-990).
 */
function machineGrant(): MachineGrant | undefined {
  if (scenario === 'auth/client-credentials-basic') return { kind: 'client_credentials' };
  if (scenario === 'auth/client-credentials-jwt') {
    return {
      kind: 'client_credentials',
      privateKey: context.private_key_pem!,
      algorithm: context.signing_algorithm ?? 'ES256',
    };
  }
  if (scenario === 'auth/wif-jwt-bearer')
    return { kind: 'jwt-bearer', assertion: async () => context.valid_jwt! };
  if (scenario === 'auth/enterprise-managed-authorization') {
    return {
      kind: 'jwt-bearer',
      assertion: async ({ issuer, resource, scope }) =>
        (
          await requestJwtAuthorizationGrant({
            tokenEndpoint: context.idp_token_endpoint!,
            audience: issuer!,
            resource: resource ?? serverUrl!,
            idToken: context.idp_id_token!,
            clientId: context.idp_client_id!,
            ...(scope && { scope }),
          })
        ).jwtAuthGrant,
    };
  }
  return undefined;
}

const grant = machineGrant();
const client: SignInClient = {
  name: 'elicitkit-conformance-client',
  clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  ...(context.client_id !== undefined && { clientId: context.client_id }),
  ...(context.client_secret !== undefined && { clientSecret: context.client_secret }),
  ...(grant && { grant }),
  ...(scenario.startsWith('auth/dpop') && { dpop: true }),
};

/** Plays the person's browser: the authorization server approves at once and redirects to the loopback. */
async function browse(url: URL): Promise<void> {
  const approval = await fetch(url, { redirect: 'manual' });
  const back = approval.headers.get('location');
  if (!back) throw new Error(`the authorization endpoint answered ${approval.status} without a redirect`);
  await (await fetch(back)).text();
}

const signIn = createSignIn({
  serverUrl,
  store: memorySignInStore(),
  redirect: loopbackRedirect(),
  client,
  announce: ({ url }) => {
    console.log(`[${scenario}] Sign in: ${url.href}`);
    browse(url).catch((error) => console.error(`[${scenario}] the browser failed: ${error}`));
  },
  timeoutMs: 20_000,
});

const mcp = new Client(
  { name: 'elicitkit-conformance-client', version: '0.1.0' },
  { versionNegotiation: { mode: 'auto' } },
);
installElicitation(mcp, {
  ui: scriptedUI([], { form: submitDefaults, url: { action: 'decline' } }),
  opener: async (href) => {
    throw new Error(`the conformance client never opens URLs (asked to open ${href})`);
  },
});
try {
  await signIn.retrying(() =>
    mcp.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: signIn.provider })),
  );
  const { tools } = await signIn.retrying(() => mcp.listTools());
  for (const tool of tools) {
    const result = await signIn.retrying(() =>
      callToolWithElicitation(mcp, { name: tool.name, arguments: {} }),
    );
    console.log(`[${scenario}] ${tool.name}: ${JSON.stringify(result.content)}`);
  }
} finally {
  await mcp.close();
  await signIn.close();
}
