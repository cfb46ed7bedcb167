import { readFileSync } from 'node:fs';
import { serveMcpHttp } from '@elicitkit/server';
import { McpServer } from '@modelcontextprotocol/server';
import { BookingBook } from './bookings.js';
import { registerBookTable } from './tools/book-table.js';
import { registerConfirmDelete } from './tools/confirm-delete.js';
import { registerPickColor } from './tools/pick-color.js';
import { registerSurvey } from './tools/survey.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** One MCP server instance (one per client session) with every demo tool. */
export function createDemoServer(bookings: BookingBook): McpServer {
  const server = new McpServer(
    { name: 'elicitkit-demo', title: 'Bistro Elicit', version },
    {
      instructions:
        'A demo restaurant. Call book_table, survey, pick_color or confirm_delete to see each kind of form.',
    },
  );
  registerBookTable(server, bookings);
  registerConfirmDelete(server, bookings);
  registerSurvey(server);
  registerPickColor(server);
  return server;
}

export interface DemoOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where bookings are kept. */
  dataDir: string;
}

export interface RunningDemo {
  url: URL;
  close(): Promise<void>;
}

/** Serves the demo over Streamable HTTP on 127.0.0.1, resolving once it accepts connections. */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const bookings = new BookingBook(options.dataDir);
  const served = await serveMcpHttp(() => createDemoServer(bookings), {
    host: '127.0.0.1',
    port: options.port,
  });
  return { url: served.url, close: () => served.close() };
}
