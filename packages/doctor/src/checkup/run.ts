import { type Clock, isElicitkitError, systemClock } from '@elicitkit/core';
import {
  DEFAULT_ELICITATION_TIMEOUT_MS,
  type HandlerContext,
  type HostInfo,
  hostOf,
  step,
  taskCancelSignal,
} from '@elicitkit/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { type CheckupReport, hostSummary, REPORT_FORMAT } from '../report.js';
import { askRaw } from './ask.js';
import { FORM_CHECKS, type FormCheck, LONG_WAIT_CHECK } from './form-checks.js';
import { judgeForm } from './judge.js';
import type { CheckupPages } from './pages.js';
import { checkRound, ROUND_CHECK } from './round-check.js';
import { checkUrl, URL_CHECK_ID } from './url-check.js';
import { URL_REQUIRED_ID, type UrlRequiredCheck } from './url-required.js';
import type { CheckResult } from './verdicts.js';

/** Every check's id, in the order the checkup runs them. */
export const CHECK_IDS: readonly string[] = [
  'declared',
  ...FORM_CHECKS.map((check) => check.id),
  URL_CHECK_ID,
  URL_REQUIRED_ID,
  ROUND_CHECK.id,
  LONG_WAIT_CHECK.id,
  'tasks',
];

/** Options of {@link runCheckup}. */
export interface CheckupOptions {
  /** Where the URL check's page is served. */
  pages: CheckupPages;
  /** Run only these checks (ids of {@link CHECK_IDS}): a short call each, for hosts that end long calls. Default: all. */
  only?: readonly string[];
  /** How long each form may wait for the person. Default 10 minutes. */
  formTimeoutMs?: number;
  /** How long the URL check waits for its page to be opened after consent. Default 2 minutes. */
  urlWaitMs?: number;
  clock?: Clock;
  /** Called with the report so far after each check (the doctor saves it: a stopped checkup keeps what it found). */
  onCheck?: (report: CheckupReport) => void | Promise<void>;
  /** The session's `-32042` check (2025-11-25); without it, that row says it was not run. */
  urlRequired?: UrlRequiredCheck;
}

type Gate = { verdict: 'not-declared' | 'skipped'; detail: string } | undefined;

function gateOf(id: string, host: HostInfo, inTask: boolean): Gate {
  const declaredNothing = !host.declared.form && !host.declared.url;
  if (id === 'tasks') {
    if (!host.tasks)
      return { verdict: 'not-declared', detail: 'the host did not declare the Tasks extension' };
    return inTask
      ? undefined
      : {
          verdict: 'skipped',
          detail: 'declared, but this call did not run as a task (a server without a task engine)',
        };
  }
  if (id === ROUND_CHECK.id && host.era !== '2026-07-28') {
    return {
      verdict: 'not-declared',
      detail: `the host speaks ${host.protocolVersion ?? 'a 2025 revision'}; rounds are 2026-07-28's`,
    };
  }
  if (id === URL_REQUIRED_ID) {
    if (host.era !== '2025-11-25' || host.protocolVersion === '2025-06-18') {
      return {
        verdict: 'not-declared',
        detail: "-32042 is 2025-11-25's; this revision has none (F-04, M-17)",
      };
    }
    if (!host.declared.url) return { verdict: 'not-declared', detail: 'the host did not declare URL mode' };
    return undefined;
  }
  if (id === URL_CHECK_ID) {
    if (host.protocolVersion === '2025-06-18')
      return { verdict: 'not-declared', detail: '2025-06-18 has no URL mode' };
    if (!host.declared.url) return { verdict: 'not-declared', detail: 'the host did not declare URL mode' };
    return undefined;
  }
  if (id !== 'declared' && !host.declared.form) {
    return {
      verdict: 'not-declared',
      detail: declaredNothing ? 'the host declared no elicitation' : 'the host did not declare form mode',
    };
  }
  return undefined;
}

/** The `-32042` check: its verdict on the retry; before, the waiting row is saved and the `-32042` ends the call. */
async function urlRequiredCheck(
  check: UrlRequiredCheck | undefined,
  report: CheckupReport,
  add: (result: CheckResult) => Promise<void>,
): Promise<CheckResult> {
  if (!check) {
    return {
      id: URL_REQUIRED_ID,
      rules: [],
      verdict: 'skipped',
      detail: 'not run by this server (no session to hold it)',
    };
  }
  const resumed = check.resumeFrom !== undefined;
  try {
    return await check.run(report);
  } catch (error) {
    if (!resumed) await add(check.waitingRow());
    throw error;
  }
}

/** Reached in a task: every form before came through it, each answered with `tasks/update`. */
function taskCheck(): CheckResult {
  return {
    id: 'tasks',
    verdict: 'pass',
    rules: ['T-23', 'T-24', 'T-25'],
    detail: 'the call ran as a task: each form went out as its input request and came back by tasks/update',
  };
}

function declaredCheck(host: HostInfo): CheckResult {
  const modes = [host.declared.form && 'form', host.declared.url && 'url'].filter(Boolean).join(' and ');
  return modes
    ? {
        id: 'declared',
        verdict: 'pass',
        rules: ['E-07', 'E-08', 'M-16'],
        detail: `declared ${modes} mode on ${host.protocolVersion ?? 'an unnamed revision'}`,
      }
    : {
        id: 'declared',
        verdict: 'not-declared',
        rules: ['E-07', 'M-16'],
        detail:
          'the host declared no elicitation capability: no server can ask its person anything through it',
      };
}

/** A check that could not finish: what the library's typed error says about the host. */
function failedCheck(
  id: string,
  rules: readonly string[],
  error: unknown,
  waitedMs: number,
): CheckResult | undefined {
  if (isElicitkitError(error, 'elicitation-aborted') && error.details.reason === 'tool-call-cancelled') {
    const waited = Math.round(waitedMs / 1000);
    return {
      id,
      rules,
      verdict: 'suspect',
      detail: `the call was cancelled ${waited} s after this was asked: by the person, or by the host's own timeout (one that ends calls after about 60 s cannot wait for a person)`,
    };
  }
  if (isElicitkitError(error, 'elicitation-timeout')) {
    return {
      id,
      rules,
      verdict: 'suspect',
      detail:
        'no answer before the time ran out: the person did not answer, or the host never showed the request',
    };
  }
  if (isElicitkitError(error, 'elicitation-failed') || isElicitkitError(error, 'invalid-answer')) {
    return {
      id,
      rules,
      verdict: 'fail',
      detail: `the host answered with an error or a malformed result: ${error.message.slice(0, 200)}`,
    };
  }
  return undefined;
}

/**
 * Runs the checkup against the host of the request `ctx` serves: each check asks, judges the answer against its
 * instruction, and adds a row. On 2026-07-28 the handler is run again every round and earlier rows come back from the
 * sealed state, so the same code serves both eras. A cancelled call ends the checkup with what was found saved.
 */
export async function runCheckup(ctx: HandlerContext, options: CheckupOptions): Promise<CheckupReport> {
  const clock = options.clock ?? systemClock;
  const host = hostOf(ctx);
  // In a task (a host that declared the extension), the checkup's asks are the task's input requests (T-25).
  const taskSignal = taskCancelSignal(ctx as ServerContext);
  const inTask = taskSignal !== undefined;
  const signal =
    taskSignal ??
    (ctx as { mcpReq?: { signal: AbortSignal } }).mcpReq?.signal ??
    new AbortController().signal;
  // A step: every 2026-07-28 round of one checkup names the same start (and saves to the same files).
  const startedAt = await step(ctx, 'checkup-started', () => clock.now());
  const report: CheckupReport = {
    format: REPORT_FORMAT,
    at: options.urlRequired?.resumeFrom?.at ?? new Date(startedAt).toISOString(),
    host: hostSummary(host),
    // The host's retry after a -32042 goes on from the rows found before it.
    checks: [...(options.urlRequired?.resumeFrom?.rows ?? [])],
    complete: false,
  };
  const done = new Set(report.checks.map((check) => check.id));
  const add = async (result: CheckResult) => {
    report.checks.push(result);
    await options.onCheck?.(report);
  };
  const checkOne = async (id: string): Promise<CheckResult> => {
    const form = FORM_BY_ID.get(id);
    const gate = gateOf(id, host, inTask);
    if (gate) return { id, rules: form?.rules ?? [], ...gate };
    const checkStartedAt = clock.now();
    try {
      if (form) return await checkForm(ctx, form, host, clock, options);
      if (id === URL_CHECK_ID) {
        return await checkUrl(ctx, {
          clock,
          pages: options.pages,
          waitMs: options.urlWaitMs ?? 120_000,
          signal,
          inTask,
        });
      }
      if (id === ROUND_CHECK.id) {
        return await checkRound(ctx, clock, options.formTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS);
      }
      if (id === 'tasks') return taskCheck();
      if (id === URL_REQUIRED_ID) return await urlRequiredCheck(options.urlRequired, report, add);
      return declaredCheck(host);
    } catch (error) {
      const failed = failedCheck(id, form?.rules ?? [], error, clock.now() - checkStartedAt);
      if (!failed) throw error; // a 2026-07-28 round ending to ask: not the host's verdict
      // A cancelled call can return nothing: the row is saved with the others, and the call ends.
      if (isElicitkitError(error, 'elicitation-aborted')) {
        await add(failed);
        throw error;
      }
      return failed;
    }
  };
  for (const batch of planOf(host, options.only, done)) {
    // Asked together (one 2026-07-28 round), added in order.
    const results = await Promise.all(batch.map(checkOne));
    for (const result of results) await add(result);
  }
  report.complete = true;
  await options.onCheck?.(report);
  return report;
}

const FORM_BY_ID = new Map([...FORM_CHECKS, LONG_WAIT_CHECK].map((check) => [check.id, check]));

/**
 * 2026-07-28: the forms asked together, a round each. Hosts cap a call's rounds (the SDK v2 client at 10): one round a
 * check would not fit, and a host that takes several input requests at once shows them one after another anyway. A
 * later form's time then includes the earlier ones', which only makes it slower: the person-speed floor still holds.
 */
const ROUNDS_OF_FORMS: readonly (readonly string[])[] = [
  ['form-fields', 'form-defaults', 'enum-titled'],
  ['enum-untitled', 'enum-legacy', 'multi-select'],
  ['decline', 'cancel'],
];

/** The checks to run, in batches asked together: the 2026-07-28 rounds of forms above; everything else one by one. */
function planOf(host: HostInfo, only: readonly string[] | undefined, done: ReadonlySet<string>): string[][] {
  const wanted = CHECK_IDS.filter((id) => (!only || only.includes(id)) && !done.has(id));
  if (host.era !== '2026-07-28') return wanted.map((id) => [id]);
  const plan: string[][] = [];
  for (const id of wanted) {
    const round = ROUNDS_OF_FORMS.find((ids) => ids.includes(id));
    const last = plan.at(-1);
    if (round && last?.every((other) => round.includes(other))) last.push(id);
    else plan.push([id]);
  }
  return plan;
}

async function checkForm(
  ctx: HandlerContext,
  check: FormCheck,
  host: HostInfo,
  clock: Clock,
  options: CheckupOptions,
): Promise<CheckResult> {
  const answer = await askRaw(ctx, check, clock, options.formTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS);
  return judgeForm(check, answer, host.protocolVersion);
}
