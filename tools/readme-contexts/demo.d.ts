// Names the code block of examples/demo/README.md takes from the surrounding `startDemo` (src/demo-server.ts)
// without defining them (see test/tooling/readme-examples.test.ts).
declare const store: import('@elicitkit/server/store').ElicitationStore;
declare const dataDir: string;
declare const base: URL;
declare const auth: import('../../examples/demo/src/auth.js').DemoAuth;
declare const calendar: import('../../examples/demo/src/calendar/index.js').ExampleCalendar;
declare const calendarClient: { clientId: string; clientSecret: string };
declare const exampleCalendarProvider: typeof import('../../examples/demo/src/calendar/index.js').exampleCalendarProvider;
declare const app: import('hono').Hono;
