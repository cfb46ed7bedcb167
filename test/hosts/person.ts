import type { ElicitationUI, FormPrompt } from '@elicitkit/client';
import {
  FORM_CHECKS,
  type FormCheck,
  LONG_WAIT_CHECK,
} from '../../packages/doctor/src/checkup/form-checks.js';
import { ROUND_CHECK } from '../../packages/doctor/src/checkup/round-check.js';
import type { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';

/**
 * A person following the checkup's instructions, as a host that works would let them: they read each form for 10 s
 * (the doctor's clock moves), type what each field's description says, leave prefilled values as they are, decline or
 * cancel when told, and open the link in a browser. Whatever comes back beyond that is the host's doing.
 */

const READING_MS = 10_000;
const CHECKS: readonly FormCheck[] = [...FORM_CHECKS, ...ROUND_CHECK.asks, LONG_WAIT_CHECK];

/** The check a request belongs to, by its message (each check's message is its own; a re-ask adds to it). */
export function checkOfMessage(message: string): FormCheck | undefined {
  return CHECKS.find((check) => message.startsWith(check.message));
}

type Properties = Record<string, { default?: unknown; [keyword: string]: unknown }>;

/** What the person puts in each field of the form as it reached them (a 2025-06-18 host's form is reduced). */
function fill(
  check: FormCheck,
  properties: Properties,
  shown: Record<string, unknown>,
): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    // A multi-select asked as one yes/no field per option (`fruit.2`): ticked when the option is one to choose.
    const option = /^(.+)\.(\d+)$/.exec(name);
    const intended = check.values?.[option ? option[1]! : name];
    if (check.id === 'form-defaults' || intended === undefined) {
      if (Object.hasOwn(shown, name)) content[name] = shown[name];
      else if ('default' in property) content[name] = property.default;
    } else if (option && Array.isArray(intended)) {
      const choices = (check.schema.properties[option[1]!] as { items?: { anyOf?: { const: string }[] } })
        .items;
      content[name] = intended.includes(choices?.anyOf?.[Number(option[2]) - 1]?.const);
    } else content[name] = intended;
  }
  return content;
}

/** The person at a host that hands them each request as it came (an SDK client's elicitation handler). */
export async function personAnswers(
  params: { mode?: string; message: string; url?: string; requestedSchema?: { properties: Properties } },
  clock: ManualClock,
): Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }> {
  if (params.mode === 'url') {
    clock.advance(READING_MS);
    await openInBrowser(params.url ?? '');
    return { action: 'accept' };
  }
  const check = checkOfMessage(params.message);
  if (!check) throw new Error(`not a checkup form: ${JSON.stringify(params.message.slice(0, 80))}`);
  clock.advance(check.waitMs ?? READING_MS);
  if (check.expect !== 'accept') return { action: check.expect };
  return { action: 'accept', content: fill(check, params.requestedSchema?.properties ?? {}, {}) };
}

/** The person's browser: it opens the page (and nothing else). */
export async function openInBrowser(url: string): Promise<void> {
  const page = await fetch(url);
  await page.body?.cancel();
  if (page.status !== 200) throw new Error(`the checkup page answered ${page.status}`);
}

/** The person at a host with elicitkit's pipeline and a UI of its own: the prompt carries the form model. */
export function personUI(clock: ManualClock): ElicitationUI {
  return {
    async form(prompt: FormPrompt) {
      const check = checkOfMessage(prompt.message);
      if (!check) throw new Error(`not a checkup form: ${JSON.stringify(prompt.message.slice(0, 80))}`);
      clock.advance(check.waitMs ?? READING_MS);
      if (check.expect !== 'accept') return { action: check.expect };
      const properties = prompt.requestedSchema.properties as unknown as Properties;
      return { action: 'submit', content: fill(check, properties, prompt.initial) };
    },
    async url() {
      clock.advance(READING_MS);
      return { action: 'consent' };
    },
    // E-43: the checkup asks more than a host's usual budget in one call; the person allows more.
    async rateLimited() {
      return 'allow';
    },
  };
}
