export {
  type ExampleCalendar,
  type ExampleCalendarOptions,
  MCP_SCOPE,
  startExampleCalendar,
  type VerifiedToken,
} from './example-calendar.js';
export {
  CALENDAR_PROVIDER,
  DEMO_CALENDAR_USERS,
  exampleCalendarProvider,
  registerListCalendarEvents,
} from './list-events-tool.js';
export type { CalendarClient, CalendarEvent, CalendarUser } from './types.js';
