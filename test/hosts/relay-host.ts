import { readFileSync } from 'node:fs';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { createRelay } from '@elicitkit/client/relay';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CheckupReport } from '../../packages/doctor/src/index.js';
import { type RelayInChromium, userCookie } from '../support/relay-chromium.js';
import type { HostUnderTest } from './host.js';
import { followInstructions } from './web-host.js';

/**
 * An agent on a server whose person is in a browser: its MCP client's UI is the relay (`@elicitkit/client/relay`),
 * which puts each question on the person's page (`@elicitkit/web/relay`, in real Chromium) and brings the answer
 * back. The person clicks what each instruction says; the agent's call holds the report.
 */
const CLIENT_VERSION = (
  JSON.parse(readFileSync(new URL('../../packages/client/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export function relayAgentHost(
  era: '2025-11-25' | '2026-07-28',
  rig: () => RelayInChromium,
  checks: readonly string[],
): HostUnderTest {
  return {
    name: `agent on a server, person in Chromium (relay), ${era}`,
    version: `@elicitkit/client/relay ${CLIENT_VERSION}`,
    async run(doctor, clock) {
      const basePath = `/relay-${era}/elicitkit`;
      const relay = createRelay({ authenticate: userCookie, basePath });
      rig().mount(relay, basePath);
      const agent = new Client(
        { name: 'agent', version: '1.0.0' },
        { versionNegotiation: { mode: era === '2026-07-28' ? { pin: era } : 'legacy' } },
      );
      // The relay opens nothing itself: the person's page shows the link and opens it.
      installElicitation(agent, { ui: relay.ui({ principal: 'alice' }), modes: ['form', 'url'] });
      await agent.connect(new StreamableHTTPClientTransport(doctor));
      try {
        const call = callToolWithElicitation(agent, { name: 'elicitation_checkup', arguments: { checks } });
        const tab = await rig().tabOf('alice', { basePath });
        await followInstructions(tab, clock, call);
        return (await call).structuredContent as unknown as CheckupReport;
      } finally {
        await agent.close();
        relay.close();
      }
    },
  };
}
