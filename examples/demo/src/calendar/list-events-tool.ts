import type { OAuthConnectionHandle, OAuthProviderOptions } from '@elicitkit/server/oauth';
import type { McpServer } from '@modelcontextprotocol/server';
import type { ExampleCalendar } from './example-calendar.js';
import type { CalendarClient, CalendarEvent, CalendarUser } from './types.js';

export const CALENDAR_PROVIDER = 'calendar';

/** The demo's accounts at Example Calendar: the same names as the MCP users, different events. */
export const DEMO_CALENDAR_USERS: Record<string, CalendarUser> = {
  alice: {
    password: 'alice-calendar',
    events: [
      { title: 'Dentist', start: '2026-03-02T09:00:00Z', end: '2026-03-02T09:45:00Z' },
      { title: 'Team lunch at Bistro Elicit', start: '2026-03-03T12:00:00Z' },
    ],
  },
  bob: {
    password: 'bob-calendar',
    events: [{ title: 'Gym', start: '2026-03-02T18:00:00Z' }],
  },
};

/** The provider registration of Example Calendar for `oauthProviders([...])`. */
export function exampleCalendarProvider(
  calendar: ExampleCalendar,
  client: Pick<CalendarClient, 'clientId' | 'clientSecret'>,
): OAuthProviderOptions {
  return {
    name: CALENDAR_PROVIDER,
    displayName: 'Example Calendar',
    issuer: calendar.issuer,
    clientId: client.clientId,
    ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
    scopes: ['openid', 'calendar.read'],
    resource: calendar.apiResource,
  };
}

const line = (event: CalendarEvent) => `${event.start}${event.end ? ` to ${event.end}` : ''}  ${event.title}`;

/**
 * Tool `list_calendar_events`: the caller's Example Calendar events. Without a connection it answers -32042 with
 * an `oauth` URL elicitation; the access token is used here only and never returned (E-37).
 */
export function registerListCalendarEvents(
  server: McpServer,
  connections: OAuthConnectionHandle,
  calendar: Pick<ExampleCalendar, 'eventsUrl'>,
): void {
  server.registerTool(
    'list_calendar_events',
    {
      title: 'List calendar events',
      description:
        'Lists your upcoming events from Example Calendar (asks you to connect it the first time).',
    },
    async (ctx) => {
      const token = await connections.accessToken(ctx, CALENDAR_PROVIDER);
      const response = await fetch(calendar.eventsUrl, { headers: { Authorization: `Bearer ${token}` } });
      if (response.status === 401) {
        // Revoked at the provider since: forget it and ask the user to connect again.
        await connections.disconnect(ctx, CALENDAR_PROVIDER);
        // No tokens are left, so this throws -32042 (unless another call connected meanwhile).
        await connections.accessToken(ctx, CALENDAR_PROVIDER);
        return {
          isError: true,
          content: [{ type: 'text', text: 'Example Calendar refused the connection; try again.' }],
        };
      }
      if (!response.ok) {
        return {
          isError: true,
          content: [{ type: 'text', text: `Example Calendar answered ${response.status}.` }],
        };
      }
      const { events } = (await response.json()) as { events: CalendarEvent[] };
      const text = events.length === 0 ? 'No upcoming events.' : events.map(line).join('\n');
      return { content: [{ type: 'text', text }] };
    },
  );
}
