import { type Clock, systemClock } from '@elicitkit/core';
import { elicitConfigDir } from '@elicitkit/core/node';
import { enableElicitation, longRunning } from '@elicitkit/server';
import { serveMcpHttp } from '@elicitkit/server/http';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { CheckupPages } from './checkup/pages.js';
import { CHECK_IDS, runCheckup } from './checkup/run.js';
import { UrlRequiredCheck } from './checkup/url-required.js';
import { type CheckupReport, reportMarkdown } from './report.js';
import { type ReportFiles, reportFilesOf, saveReport } from './report-files.js';

/** The checkup's tool name, as hosts list it. */
export const CHECKUP_TOOL = 'elicitation_checkup';

/** Options of {@link createCheckupServer}. */
export interface CheckupServerOptions {
  /**
   * Where the URL check's page is served; default: a loopback port of its own, opened on first need. A factory that
   * makes an instance per request (2026-07-28) passes every instance the same pages.
   */
  pages?: CheckupPages;
  /**
   * Where reports are saved, under `<dir>/doctor/` (JSON and Markdown, mode 0600). Default `elicitConfigDir()`
   * (`ELICIT_CONFIG_DIR`, else the platform's config folder + `elicit`); `false`: nowhere.
   */
  reportDir?: string | false;
  /** Also exports each finished report's JSON to this file (`elicit doctor --serve --report <file>`). */
  reportFile?: string;
  formTimeoutMs?: number;
  urlWaitMs?: number;
  clock?: Clock;
  /** Told of each report as it grows, and where it was saved. */
  onReport?: (report: CheckupReport, files: ReportFiles | undefined) => void;
  /** The doctor's version, as `serverInfo` names it. */
  version?: string;
  /**
   * Where the checkup runs as a task for hosts that declare the Tasks extension. Default: an engine of this server's
   * own, in memory; a factory that makes an instance per request passes every instance the same one.
   */
  tasks?: Tasks;
}

const INPUT = fromJsonSchema<{ checks?: string[] }>({
  type: 'object',
  properties: {
    checks: {
      type: 'array',
      items: { type: 'string', enum: [...CHECK_IDS] },
      maxItems: CHECK_IDS.length,
      description: 'Run only these checks (a short call each). Default: the whole checkup.',
    },
  },
  additionalProperties: false,
});

const DESCRIPTION =
  'Checks how this host handles MCP elicitation. The person is asked a series of short forms and one link, each ' +
  'saying what to do (fill in, leave as it is, decline, cancel, open); the result reports, check by check, what the ' +
  'host sent back: pass, fail or suspect, with the rule it breaks. Show the result to the person as it is.';

/** An MCP server (SDK v2) offering `elicitation_checkup`, elicitation enabled for every revision. */
export function createCheckupServer(options: CheckupServerOptions = {}): McpServer {
  const pages = options.pages ?? new CheckupPages();
  const server = enableElicitation(
    new McpServer({ name: 'elicitkit-doctor', version: options.version ?? '0.1.0' }),
    // Seven rounds when every check runs on 2026-07-28 (forms three to a round); room for asks made again (M-10).
    {
      maxRounds: 32,
      tasks: options.tasks ?? createTasks(options.clock ? { clock: options.clock } : {}),
      ...(options.clock && { clock: options.clock }),
    },
  );
  const dir = options.reportDir === undefined ? elicitConfigDir() : options.reportDir;
  // One per instance, which on 2025-11-25 is one session: the -32042's retry comes on it.
  const urlRequired = new UrlRequiredCheck(pages, options.clock ?? systemClock, (id) =>
    server.server.createElicitationCompletionNotifier(id)(),
  );
  server.registerTool(
    CHECKUP_TOOL,
    { title: 'Elicitation checkup', description: DESCRIPTION, inputSchema: INPUT },
    // A host that declared the Tasks extension gets the checkup as a task, its forms as the task's input requests.
    longRunning(async ({ checks }, ctx) => {
      let files: ReportFiles | undefined;
      const save = async (report: CheckupReport) => {
        if (dir !== false) files = await saveReport(report, reportFilesOf(report, dir));
        options.onReport?.(report, files);
      };
      const report = await runCheckup(ctx, {
        pages,
        ...(checks && { only: checks }),
        ...(options.clock && { clock: options.clock }),
        ...(options.formTimeoutMs !== undefined && { formTimeoutMs: options.formTimeoutMs }),
        ...(options.urlWaitMs !== undefined && { urlWaitMs: options.urlWaitMs }),
        urlRequired,
        onCheck: save,
      });
      if (options.reportFile) await saveExport(report, options.reportFile);
      const saved = files ? `\nSaved as ${files.markdown} (and .json).` : '';
      return {
        content: [{ type: 'text', text: `${reportMarkdown(report)}${saved}` }],
        structuredContent: report as unknown as Record<string, unknown>,
      };
    }),
  );
  return server;
}

async function saveExport(report: CheckupReport, file: string): Promise<void> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`, { mode: 0o600 });
}

/** A checkup being served; `close` stops it. */
export interface ServedCheckup {
  /** The Streamable HTTP endpoint; undefined on stdio. */
  url: URL | undefined;
  /** Stops serving (every session closed) and closes the URL check's own page listener, if one was opened. */
  close(): Promise<void>;
}

/**
 * Serves the checkup: on Streamable HTTP when `port` is given (loopback; 0 for a free port; the URL check's page on
 * the same origin), else on this process's stdin and stdout, for hosts that start servers as commands.
 */
export async function serveCheckup(
  options: CheckupServerOptions & { port?: number } = {},
): Promise<ServedCheckup> {
  const { port, ...serverOptions } = options;
  const pages = options.pages ?? new CheckupPages();
  const tasks = options.tasks ?? createTasks(options.clock ? { clock: options.clock } : {});
  const create = () => createCheckupServer({ ...serverOptions, pages, tasks });
  if (port === undefined) {
    const handle = serveStdio(() => create());
    return {
      url: undefined,
      close: async () => {
        await handle.close();
        await pages.close();
      },
    };
  }
  const served = await serveMcpHttp(() => create(), {
    port,
    fallback: (request) => pages.fetch(request) ?? new Response('Not Found', { status: 404 }),
  });
  pages.useOrigin(new URL('/', served.url));
  return { url: served.url, close: () => served.close().finally(() => pages.close()) };
}
