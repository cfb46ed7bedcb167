export {
  type ExampleCalendar,
  type ExampleCalendarOptions,
  startExampleCalendar,
} from './example-calendar.js';
export type { CalendarClient, CalendarEvent, CalendarUser } from './types.js';
