/** One event in a user's calendar. */
export interface CalendarEvent {
  title: string;
  /** ISO 8601. */
  start: string;
  end?: string;
}

/** An Example Calendar account: its password (demo only, kept in memory) and its events. */
export interface CalendarUser {
  password: string;
  events: CalendarEvent[];
}

/** An application allowed to ask Example Calendar users for access (an OAuth client). */
export interface CalendarClient {
  clientId: string;
  /** Omit for a public client (PKCE only). */
  clientSecret?: string;
  redirectUris: string[];
  /** Shown on the consent screen. */
  name?: string;
}
