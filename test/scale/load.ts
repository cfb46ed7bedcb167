import { TestBrowser } from '../../packages/server/test/url/browser.js';
import { connectScaleClient, onInstance, resultText, type ScaleClient } from './clients.js';
import { passwordOf } from './instance.js';

/** Where an instance serves, in this process or another. */
export interface Endpoint {
  name: string;
  base: URL;
  mcpUrl: URL;
}

export interface LoadOptions {
  /** Concurrent MCP sessions, spread evenly over the instances; each runs one URL flow. */
  sessions: number;
  /** Distinct users (`load0`…); sessions of one user share its client identity. Instances must know them. */
  users: number;
  instances: readonly Endpoint[];
  /** Browser submissions in flight at once. Default 64. */
  browserConcurrency?: number;
  /** The whole run's bound; flows not done by then count as lost. Default 90 s. */
  deadlineMs?: number;
}

export interface LoadReport {
  sessions: number;
  instances: number;
  /** Flows whose tool call returned "saved" and whose client got its own notice. */
  completed: number;
  /** Flows with no notice or no tool result before the deadline. */
  lost: number;
  /** Notices that reached a client which did not initiate that elicitation (E-18): must be 0. */
  misdelivered: number;
  /** Notices a client received more than once. */
  duplicated: number;
  connectMs: number;
  flowsMs: number;
  flowsPerSecond: number;
  /** From the browser's POST on the other instance to the notice at the client, ms. */
  noticeLatency: { p50: number; p99: number; max: number };
  /** Why flows were lost, each distinct reason once with how often (empty when none was). */
  lostBecause: Record<string, number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);

async function inBatches<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

function withDeadline<T>(promise: Promise<T>, at: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, at - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The id of the first `elicitation/create` the call sends; a call that ends first, or fails, is lost with its
 * own words, not as a bare timeout.
 */
function firstElicitation(client: ScaleClient, call: Promise<unknown>, lost: (why: string) => void) {
  const ended = call.then(
    (result) =>
      Promise.reject(new Error(`the call ended without asking: ${resultText(result).slice(0, 200)}`)),
    (error: unknown) => Promise.reject(error),
  );
  return Promise.race([client.nextElicitation(60_000), ended]).catch((error: unknown) => {
    lost(error instanceof Error ? error.message : String(error));
    return undefined;
  });
}

/**
 * N concurrent MCP sessions over the instances; every session starts a URL flow (`set_api_key`) on its
 * instance, and a browser completes it over HTTP on another instance. Bounded: loopback only, a fixed
 * number of flows, and a deadline after which the run stops and counts what is missing.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const { sessions, users, instances } = options;
  const deadline = Date.now() + (options.deadlineMs ?? 90_000);
  const clients: ScaleClient[] = new Array(sessions);
  const connectStart = performance.now();
  await inBatches(
    Array.from({ length: sessions }, (_, i) => i),
    64,
    async (i) => {
      const home = instances[i % instances.length] as Endpoint;
      clients[i] = await connectScaleClient(home.mcpUrl, `load${i % users}`);
    },
  );
  const connectMs = performance.now() - connectStart;

  // One browser per user, logged in once; its session cookie is valid on every instance.
  const browsers = new Map<string, TestBrowser>();
  await inBatches(
    Array.from({ length: Math.min(users, sessions) }, (_, u) => `load${u}`),
    32,
    async (user) => {
      const browser = new TestBrowser();
      await browser.login(instances[0]?.base as URL, user, passwordOf(user));
      browsers.set(user, browser);
    },
  );

  const flowsStart = performance.now();
  const latencies: number[] = [];
  const calls = clients.map((client) =>
    client.client.callTool({ name: 'set_api_key', arguments: {} }, { timeout: 120_000 }),
  );
  // Why each flow was lost, where something said so; the rest ran out of time.
  const reasons: (string | undefined)[] = new Array(sessions);
  const ids = await Promise.all(
    clients.map((client, i) =>
      withDeadline(
        firstElicitation(client, calls[i] as Promise<unknown>, (why) => {
          reasons[i] = why;
        }),
        deadline,
      ),
    ),
  );
  const outcomes: boolean[] = new Array(sessions).fill(false);
  await inBatches(
    clients.map((_, i) => i),
    options.browserConcurrency ?? 64,
    async (i) => {
      const client = clients[i] as ScaleClient;
      const id = ids[i];
      if (!id || Date.now() > deadline) return;
      const home = instances[i % instances.length] as Endpoint;
      const other = instances[(i + 1) % instances.length] as Endpoint;
      const browser = browsers.get(client.user) as TestBrowser;
      const url = onInstance(`${home.base.href}elicit/${id}`, other.base);
      const form = await (await browser.request(url)).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
      const notice =
        client.notices.length > 0 ? Promise.resolve(client.notices[0]?.id) : client.nextNotice(30_000);
      const posted = performance.now();
      const page = await browser.request(url, { form: { csrf, value: `sk-${i}` } });
      const noticed = await withDeadline(
        notice.catch(() => undefined),
        deadline,
      );
      if (page.status !== 200) {
        reasons[i] = `the browser's submission answered ${page.status}`;
        return;
      }
      if (noticed !== id) {
        reasons[i] = 'no completion notice';
        return;
      }
      latencies.push((client.notices[0]?.at ?? posted) - posted);
      const result = await withDeadline(calls[i] as Promise<unknown>, deadline);
      outcomes[i] = result !== undefined && resultText(result).includes(id);
      if (result !== undefined && !outcomes[i]) reasons[i] = 'a tool result without the id';
    },
  );
  const flowsMs = performance.now() - flowsStart;
  // Stray notices would arrive within milliseconds; give them time before counting.
  await new Promise((r) => setTimeout(r, 300));

  let misdelivered = 0;
  let duplicated = 0;
  clients.forEach((client, i) => {
    const own = client.notices.filter((n) => n.id === ids[i]).length;
    misdelivered += client.notices.length - own;
    duplicated += Math.max(0, own - 1);
  });
  await Promise.allSettled(calls);
  await inBatches(clients, 128, (client) => client.close().catch(() => {}));
  latencies.sort((x, y) => x - y);
  const completed = outcomes.filter(Boolean).length;
  const lostBecause: Record<string, number> = {};
  outcomes.forEach((done, i) => {
    if (done) return;
    const why = reasons[i] ?? 'the deadline passed first';
    lostBecause[why] = (lostBecause[why] ?? 0) + 1;
  });
  return {
    sessions,
    instances: instances.length,
    completed,
    lost: sessions - completed,
    misdelivered,
    duplicated,
    connectMs: Math.round(connectMs),
    flowsMs: Math.round(flowsMs),
    flowsPerSecond: Math.round((completed / flowsMs) * 1000),
    noticeLatency: {
      p50: +percentile(latencies, 0.5).toFixed(2),
      p99: +percentile(latencies, 0.99).toFixed(2),
      max: +(latencies.at(-1) ?? Number.NaN).toFixed(2),
    },
    lostBecause,
  };
}
