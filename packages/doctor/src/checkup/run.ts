import { type Clock, isElicitkitError, systemClock } from '@elicitkit/core';
import {
  DEFAULT_ELICITATION_TIMEOUT_MS,
  type HandlerContext,
  type HostInfo,
  hostOf,
  step,
} from '@elicitkit/server';
import { type CheckupReport, hostSummary, REPORT_FORMAT } from '../report.js';
import { askRaw } from './ask.js';
import { FORM_CHECKS, type FormCheck } from './form-checks.js';
import { judgeForm } from './judge.js';
import type { CheckupPages } from './pages.js';
import { checkRound, ROUND_CHECK } from './round-check.js';
import { checkUrl, URL_CHECK_ID } from './url-check.js';
import type { CheckResult } from './verdicts.js';

/** Every check's id, in the order the checkup runs them. */
export const CHECK_IDS: readonly string[] = [
  'declared',
  ...FORM_CHECKS.map((check) => check.id),
  URL_CHECK_ID,
  ROUND_CHECK.id,
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
}

type Gate = { verdict: 'not-declared' | 'skipped'; detail: string } | undefined;

function gateOf(id: string, host: HostInfo): Gate {
  const declaredNothing = !host.declared.form && !host.declared.url;
  if (id === 'tasks') {
    return host.tasks
      ? {
          verdict: 'skipped',
          detail: 'declared; this version of the checkup does not ask through a task yet',
        }
      : { verdict: 'not-declared', detail: 'the host did not declare the Tasks extension' };
  }
  if (id === ROUND_CHECK.id && host.era !== '2026-07-28') {
    return {
      verdict: 'not-declared',
      detail: `the host speaks ${host.protocolVersion ?? 'a 2025 revision'}; rounds are 2026-07-28's`,
    };
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
function failedCheck(id: string, rules: readonly string[], error: unknown): CheckResult | undefined {
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
  const signal = (ctx as { mcpReq?: { signal: AbortSignal } }).mcpReq?.signal ?? new AbortController().signal;
  // A step: every 2026-07-28 round of one checkup names the same start (and saves to the same files).
  const startedAt = await step(ctx, 'checkup-started', () => clock.now());
  const report: CheckupReport = {
    format: REPORT_FORMAT,
    at: new Date(startedAt).toISOString(),
    host: hostSummary(host),
    checks: [],
    complete: false,
  };
  const wanted = (id: string) => !options.only || options.only.includes(id);
  const add = async (result: CheckResult) => {
    report.checks.push(result);
    await options.onCheck?.(report);
  };
  for (const id of CHECK_IDS) {
    if (!wanted(id)) continue;
    const gate = gateOf(id, host);
    const form = FORM_CHECKS.find((check) => check.id === id);
    if (gate) {
      await add({ id, rules: form?.rules ?? [], ...gate });
      continue;
    }
    try {
      if (id === 'declared') await add(declaredCheck(host));
      else if (form) await add(await checkForm(ctx, form, host, clock, options));
      else if (id === URL_CHECK_ID)
        await add(
          await checkUrl(ctx, { clock, pages: options.pages, waitMs: options.urlWaitMs ?? 120_000, signal }),
        );
      else if (id === ROUND_CHECK.id)
        await add(await checkRound(ctx, clock, options.formTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS));
    } catch (error) {
      const failed = failedCheck(id, form?.rules ?? [], error);
      if (!failed) throw error; // a 2026-07-28 round ending to ask, or the call stopped: not the host's verdict
      await add(failed);
    }
  }
  report.complete = true;
  await options.onCheck?.(report);
  return report;
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
