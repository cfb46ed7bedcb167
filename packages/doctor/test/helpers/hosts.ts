import {
  Client,
  type ClientCapabilities,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { InMemoryTransport, ProtocolError } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createTasks } from '../../../server/src/tasks/index.js';
import { ManualClock } from '../../../server/test/helpers/manual-clock.js';
import { FORM_CHECKS, LONG_WAIT_CHECK } from '../../src/checkup/form-checks.js';
import { ROUND_CHECK } from '../../src/checkup/round-check.js';
import {
  CheckupPages,
  type CheckupReport,
  type CheckupServerOptions,
  createCheckupServer,
} from '../../src/index.js';

export type Era = '2025-11-25' | '2026-07-28';

/** What the host does with one request; `clock` is the doctor's, to move as a person's reading would. */
export type Behaviour = (
  params: ElicitRequest['params'],
  clock: ManualClock,
) => ElicitResult | Promise<ElicitResult>;

/** The check a request belongs to, by its message (each check's message is its own). */
export function checkOf(params: ElicitRequest['params']) {
  const message = params.message;
  return [...FORM_CHECKS, ...ROUND_CHECK.asks, LONG_WAIT_CHECK].find((check) =>
    message.startsWith(check.message),
  );
}

/** A person who reads each form for 10 s and does exactly what it says; opens every link in a browser. */
export const followsInstructions: Behaviour = async (params, clock) => {
  clock.advance(params.mode === 'url' ? 10_000 : (checkOf(params)?.waitMs ?? 10_000));
  if (params.mode === 'url') {
    const page = await fetch(params.url);
    if (page.status !== 200) throw new Error(`the checkup page answered ${page.status}`);
    return { action: 'accept' };
  }
  const check = checkOf(params);
  if (!check) throw new Error(`no check for ${JSON.stringify(params.message)}`);
  return check.expect === 'accept'
    ? { action: 'accept', content: { ...(check.values as Record<string, never>) } }
    : { action: check.expect };
};

export interface HostRun {
  report: CheckupReport;
  /** Every request the host received, in order. */
  received: ElicitRequest['params'][];
  text: string;
}

/**
 * Runs the checkup once: a real SDK v2 client (the host) and the doctor's server over the SDK's in-memory transport, on
 * `era`, declaring `capabilities`; `behaviour` answers each request.
 */
export async function runHost(options: {
  era: Era;
  behaviour: Behaviour;
  capabilities?: ClientCapabilities;
  clientInfo?: { name: string; version: string };
  clock?: ManualClock;
  server?: Omit<CheckupServerOptions, 'clock'>;
  checks?: string[];
  /** Cancels the call (the host's stop button, or its timeout). */
  signal?: AbortSignal;
}): Promise<HostRun> {
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 11, 7));
  // One set of pages for every instance: on 2026-07-28 each request may get an instance of its own.
  const pages = new CheckupPages();
  const tasks = createTasks({ clock });
  let saved: CheckupReport | undefined;
  const make = () =>
    createCheckupServer({
      reportDir: false,
      pages,
      tasks,
      ...options.server,
      onReport: (report, files) => {
        saved = structuredClone(report);
        options.server?.onReport?.(report, files);
      },
      clock,
    });
  const received: ElicitRequest['params'][] = [];
  const client = new Client(options.clientInfo ?? { name: 'scripted-host', version: '1.0.0' }, {
    capabilities: options.capabilities ?? { elicitation: { form: {}, url: {} } },
    ...(options.era === '2026-07-28' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    received.push(request.params);
    return options.behaviour(request.params, clock);
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = make();
  const served =
    options.era === '2026-07-28'
      ? serveStdio(make, { transport: serverTransport })
      : await server.connect(serverTransport).then(() => server);
  const completed = new Set<string>();
  const noticed: (() => void)[] = [];
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    completed.add(notification.params.elicitationId);
    for (const wake of noticed.splice(0)) wake();
  });
  const call = () =>
    client.callTool(
      { name: 'elicitation_checkup', arguments: options.checks ? { checks: options.checks } : {} },
      { timeout: 60_000, ...(options.signal && { signal: options.signal }) },
    );
  await client.connect(clientTransport);
  try {
    let result: Awaited<ReturnType<typeof call>>;
    try {
      result = await call();
    } catch (error) {
      // The host's -32042 handling (E-21): the person consents to the listed page; once it completes, the call again.
      if (!(error instanceof ProtocolError) || error.code !== -32042) throw error;
      const [listed] = (error.data as { elicitations: ElicitRequest['params'][] }).elicitations;
      received.push(listed!);
      const consent = await options.behaviour(listed!, clock);
      const id = (listed as { elicitationId: string }).elicitationId;
      if (consent.action !== 'accept') return { report: saved!, received, text: '' };
      while (!completed.has(id)) await new Promise<void>((wake) => noticed.push(wake));
      result = await call();
    }
    const text = (result.content as { text?: string }[]).map((block) => block.text ?? '').join('');
    if (result.isError) throw new Error(`the checkup failed: ${text}`);
    return { report: result.structuredContent as unknown as CheckupReport, received, text };
  } finally {
    await client.close();
    await served.close();
    await pages.close();
  }
}

/** The verdict of each check, by id. */
export const verdicts = (report: CheckupReport) =>
  Object.fromEntries(report.checks.map((check) => [check.id, check.verdict]));

/** The detail of one check. */
export const detailOf = (report: CheckupReport, id: string) =>
  report.checks.find((c) => c.id === id)?.detail ?? '';
