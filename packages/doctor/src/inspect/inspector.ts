import { FindingList, quoted, type ServerFinding } from './findings.js';
import { checkElicitation, type InspectingHost } from './request-checks.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A round's input requests as text, to compare with the next round's; undefined when there are none, or too many. */
function signatureOf(requests: unknown): string | undefined {
  if (!isObject(requests)) return undefined;
  const text = JSON.stringify(requests);
  return text.length <= 65_536 ? text : undefined;
}

/** Rounds in a row after which a call that keeps asking is named (the host's cap ends it soon after). */
export const ROUNDS_NAMED_AFTER = 10;

/**
 * Watches every JSON-RPC message a server sends to a host and checks what it asks against the spec's rules for
 * servers: the modes the host declared (E-09, M-04, F-03/F-04), the requested-schema subset (E-12, F-05, F-06),
 * secrets in forms (E-01, F-08), URL requests (E-14, E-15, E-45, E-48, M-17), `-32042` errors (E-24..E-26), round
 * results (M-02, M-03) and rounds that do not end (M-08). Feed it with {@link observe}; read {@link findings}.
 */
export class ServerInspector {
  readonly #host: InspectingHost;
  readonly #findings = new FindingList();
  #pushed = 0;
  #rounds = 0;
  #roundsInARow = 0;
  #lastAsked: string | undefined;

  constructor(host: InspectingHost) {
    this.#host = host;
  }

  /** The findings so far, each distinct one once. */
  get findings(): readonly ServerFinding[] {
    return this.#findings.items;
  }

  /** Findings past the cap, not kept. */
  get dropped(): number {
    return this.#findings.dropped;
  }

  /** Requests seen: elicitations pushed, and rounds answered with `input_required`. */
  get seen(): { pushed: number; rounds: number } {
    return { pushed: this.#pushed, rounds: this.#rounds };
  }

  /** Whether a MUST of the spec was broken. */
  get brokeAMust(): boolean {
    return this.#findings.items.some((finding) => finding.level === 'must');
  }

  /** One message from the server, as it came (anything: it is checked before it is read). */
  observe(message: unknown): void {
    if (!isObject(message)) return;
    const method = message.method;
    if (method === 'elicitation/create' && 'id' in message) {
      this.#pushed++;
      this.#check(message.params, `elicitation/create #${this.#pushed}`);
    } else if (method === 'notifications/elicitation/complete') {
      this.#completionNotice();
    } else if (isObject(message.error)) {
      this.#errorResponse(message.error);
    } else if (isObject(message.result)) {
      this.#result(message.result);
    }
  }

  #check(params: unknown, where: string): void {
    checkElicitation(params, { host: this.#host, where, findings: this.#findings });
  }

  #add(rule: string, level: ServerFinding['level'], where: string, message: string): void {
    this.#findings.add({ rule, level, where, message });
  }

  #completionNotice(): void {
    const revision = this.#host.revision;
    if (revision === '2025-06-18')
      this.#add('F-04', 'must', 'notifications/elicitation/complete', 'sent to a 2025-06-18 host');
    if (revision === '2026-07-28')
      this.#add('M-17', 'must', 'notifications/elicitation/complete', '2026-07-28 has no completion notice');
  }

  #errorResponse(error: Record<string, unknown>): void {
    if (error.code !== -32042) return;
    const where = 'a -32042 error';
    if (this.#host.revision !== '2025-11-25') {
      const rule = this.#host.revision === '2025-06-18' ? 'F-04' : 'M-17';
      this.#add(rule, 'must', where, `-32042 does not exist on ${this.#host.revision}`);
    }
    const listed = isObject(error.data) ? error.data.elicitations : undefined;
    if (!Array.isArray(listed) || listed.length === 0) {
      this.#add('E-25', 'must', where, 'it lists no elicitations to complete before a retry');
      return;
    }
    for (const [i, entry] of listed.slice(0, 10).entries()) {
      const mode = isObject(entry) ? entry.mode : undefined;
      if (mode !== 'url' || !isObject(entry) || typeof entry.elicitationId !== 'string') {
        this.#add(
          'E-26',
          'must',
          where,
          `elicitation ${i} is not URL mode with an elicitationId (mode ${quoted(mode)})`,
        );
      } else this.#check(entry, `${where}, elicitation ${i}`);
    }
  }

  #result(result: Record<string, unknown>): void {
    if (result.resultType !== 'input_required') {
      this.#roundsInARow = 0;
      this.#lastAsked = undefined;
      return;
    }
    this.#rounds++;
    this.#roundsInARow++;
    const where = `round ${this.#roundsInARow}`;
    const requests = result.inputRequests;
    if (requests === undefined && result.requestState === undefined) {
      this.#add('M-03', 'must', where, 'an InputRequiredResult with neither inputRequests nor requestState');
    }
    if (isObject(requests)) {
      for (const [key, request] of Object.entries(requests).slice(0, 20)) {
        const at = `input request ${quoted(key)} of ${where}`;
        if (isObject(request) && request.method === 'elicitation/create') this.#check(request.params, at);
      }
    }
    const asked = signatureOf(requests);
    if (asked !== undefined && asked === this.#lastAsked) {
      this.#add(
        'M-08',
        'should',
        where,
        'it asks again, unchanged, what the previous round asked and the host answered: a loop (M-10: a question asked again says why)',
      );
    }
    this.#lastAsked = asked;
    if (this.#roundsInARow === ROUNDS_NAMED_AFTER + 1) {
      this.#add(
        'M-08',
        'should',
        where,
        `the call went on asking for more than ${ROUNDS_NAMED_AFTER} rounds in a row without finishing`,
      );
    }
  }
}
