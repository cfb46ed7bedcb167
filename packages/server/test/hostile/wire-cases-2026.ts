import type { RawCall, RawResponse } from './wire-rig-2026.js';

/**
 * The 2026-07-28 wire faults (beside `wireCases`, which are 2025's JSON-RPC faults): what a host can do wrong
 * with `requestState` and `inputResponses` on a retried tools/call. Each case plays against `name` (one
 * required text field "name"; `other` is the same tool under another name; `two` asks twice, ask-0 then
 * ask-1; `wait` asks a URL page and awaits its completion) on the server the 2026 driver runs, whose clock is
 * injected and whose `requestState` lives 60 s.
 */

/** What the driver lends a case. */
export interface Host2026 {
  send(call: RawCall): Promise<RawResponse>;
  /** A fresh flow's first round (an InputRequiredResult asking `ask-0`). */
  start(tool?: string, args?: Record<string, unknown>): Promise<RawResponse>;
  /** Moves the server's injected clock forward. */
  advance(ms: number): void;
}

/** How a 2026 wire case must end; for floods, every response of the flood. */
export type Ending2026 =
  /** Refused whole before the handler runs: -32602 "Invalid or expired requestState" (M-05, M-06). */
  | { refused: true }
  /** Asked again: a new InputRequiredResult for exactly these keys; the tool did not go on (M-09, M-10). */
  | { reask: string[] }
  /** The tool got exactly this (a valid answer, checked). */
  | { outcome: Record<string, unknown> }
  /** The tool's own typed error (it went no further than the error). */
  | { toolError: string }
  /** M-11: `requestState` only, nothing to show: the host retries (a URL flow still pending after the hold). */
  | { stateOnly: true };

export interface WireCase2026 {
  /** Starts with the M-ID it proves. */
  name: string;
  play(host: Host2026): Promise<RawResponse | RawResponse[]>;
  ending: Ending2026;
}

export const STATE_TTL_MS = 60_000;
export const GOOD = '{"action":"accept","content":{"name":"Ada"}}';
const refused: Ending2026 = { refused: true };
const reask: Ending2026 = { reask: ['ask-0'] };
const answered: Ending2026 = { outcome: { action: 'accept', data: { name: 'Ada' } } };
const stateOf = (round: RawResponse) => round.result?.requestState ?? '';

/** Retries a fresh `name` flow with a `requestState` made from the real one. */
const withState = (make: (state: string) => unknown, inputResponses = `{"ask-0":${GOOD}}`) => ({
  play: async (host: Host2026) => {
    const first = await host.start();
    return host.send({ tool: 'name', requestState: make(stateOf(first)), inputResponses });
  },
});

/** Retries a fresh `name` flow with its own `requestState` and these `inputResponses` (JSON text). */
const withResponses = (inputResponses: string) => ({
  play: async (host: Host2026) => {
    const first = await host.start();
    return host.send({ tool: 'name', requestState: stateOf(first), inputResponses });
  },
});

const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
const segments = (s: string) => s.split('.');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

// 1. M-05: a state that is not exactly what the server sealed is refused whole, whatever it holds.
const forged: WireCase2026[] = [
  ['its last character changed', (s: string) => flip(s, s.length - 1)],
  ['a character in the middle changed', (s: string) => flip(s, Math.floor(s.length / 2))],
  ['its key id changed', (s: string) => ['ek1', 'AAAAAAAA', ...segments(s).slice(2)].join('.')],
  ['truncated to half', (s: string) => s.slice(0, Math.floor(s.length / 2))],
  ['one character short', (s: string) => s.slice(0, -1)],
  ['one character longer', (s: string) => `${s}A`],
  ['a segment appended', (s: string) => `${s}.extra`],
  ['its segments swapped', (s: string) => [segments(s)[0], segments(s)[2], segments(s)[1]].join('.')],
  ['another version prefix', (s: string) => s.replace(/^ek1\./, 'ek2.')],
  ['the prefix only', () => 'ek1.'],
  ['empty', () => ''],
  ['1 MiB long', () => `ek1.k.${'A'.repeat(1 << 20)}`],
  ['8 MiB long', () => `ek1.k.${'A'.repeat(8 << 20)}`],
  ['not base64url (+ / =)', (s: string) => `${s.slice(0, -8)}+/+/+/==`],
  ['not base64url (spaces and a newline)', (s: string) => `${s.slice(0, 20)} \n${s.slice(20)}`],
  ['ANSI, bidi and NUL inside', (s: string) => `${s.slice(0, 20)}\u001b[31m\u202e\u0000${s.slice(20)}`],
  ['a lone surrogate inside', (s: string) => `${s.slice(0, 20)}\ud800${s.slice(20)}`],
  [
    'a plain unsealed state claiming five answered rounds',
    () => `ek1.x.${b64url(JSON.stringify({ f: 'x', n: 5, a: [], q: [], s: [], u: [] }))}`,
  ],
  ['a number', () => 42],
  ['null', () => null],
  ['true', () => true],
  ['an object', (s: string) => ({ requestState: s })],
  ['an array', (s: string) => [s]],
].map(([what, make]) => ({
  name: `[M-05] requestState ${what}`,
  ...withState(make as (state: string) => unknown),
  ending: refused,
}));

// 2. M-06: a genuine state from another request (tool, arguments) or past its lifetime is refused.
const foreign: WireCase2026[] = [
  {
    name: '[M-06] requestState of another tool',
    play: async (host) => {
      const first = await host.start('other');
      return host.send({ tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` });
    },
    ending: refused,
  },
  {
    name: '[M-06] requestState of the same tool with other arguments',
    play: async (host) => {
      const first = await host.start('name', { a: 1 });
      return host.send({ tool: 'name', args: { a: 2 }, requestState: stateOf(first), inputResponses: '{}' });
    },
    ending: refused,
  },
  {
    name: '[M-06] requestState of the same tool with an argument added',
    play: async (host) => {
      const first = await host.start('name', { a: 1 });
      const args = { a: 1, admin: true };
      return host.send({
        tool: 'name',
        args,
        requestState: stateOf(first),
        inputResponses: `{"ask-0":${GOOD}}`,
      });
    },
    ending: refused,
  },
  {
    name: '[M-06] (control) the same arguments in another key order are the same request',
    play: async (host) => {
      const first = await host.start('name', { a: 1, b: 2 });
      const args = { b: 2, a: 1 };
      return host.send({
        tool: 'name',
        args,
        requestState: stateOf(first),
        inputResponses: `{"ask-0":${GOOD}}`,
      });
    },
    ending: answered,
  },
  {
    name: '[M-06] requestState replayed after its expiry (injected clock)',
    play: async (host) => {
      const first = await host.start();
      host.advance(STATE_TTL_MS + 1);
      return host.send({ tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` });
    },
    ending: refused,
  },
  {
    name: '[M-06] a completed flow replayed after its expiry',
    play: async (host) => {
      const first = await host.start();
      const retry = { tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` };
      await host.send(retry);
      host.advance(STATE_TTL_MS + 1);
      return host.send(retry);
    },
    ending: refused,
  },
];

// 3. M-06 / M-18: a genuine state replayed within its lifetime is just that round again: nothing is kept between
// rounds, so the replay gets the same re-ask or the same answer, never a later round's result.
const replayed: WireCase2026[] = [
  {
    name: '[M-06] a completed flow replayed with the same answer gets the same answer',
    play: async (host) => {
      const first = await host.start();
      const retry = { tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` };
      return [await host.send(retry), await host.send(retry)];
    },
    ending: answered,
  },
  {
    name: '[M-06] a completed flow replayed without an answer is asked again',
    play: async (host) => {
      const first = await host.start();
      await host.send({ tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` });
      return host.send({ tool: 'name', requestState: stateOf(first) });
    },
    ending: reask,
  },
  {
    name: "[M-06] an older round's state cannot take a later round's answer",
    play: async (host) => {
      const r1 = await host.start('two');
      await host.send({ tool: 'two', requestState: stateOf(r1), inputResponses: `{"ask-0":${GOOD}}` });
      return host.send({ tool: 'two', requestState: stateOf(r1), inputResponses: `{"ask-1":${GOOD}}` });
    },
    ending: reask,
  },
];

// 4. M-09: only the keys the server asked are read, as own keys; everything else is an unknown entry.
const responses: WireCase2026[] = [
  ['only keys never asked', `{"ask-1":${GOOD},"x":${GOOD}}`, reask],
  ['the asked key beside keys never asked', `{"ask-9":{"action":"decline"},"ask-0":${GOOD}}`, answered],
  ['the key in upper case', `{"ASK-0":${GOOD}}`, reask],
  ['the key with a trailing space', `{"ask-0 ":${GOOD}}`, reask],
  ['the key with a NUL', `{"ask-0\\u0000":${GOOD}}`, reask],
  ['the answer under __proto__', `{"__proto__":{"ask-0":${GOOD}}}`, reask],
  ['the answer under constructor', `{"constructor":{"ask-0":${GOOD}}}`, reask],
  ['the answer under constructor.prototype', `{"constructor":{"prototype":{"ask-0":${GOOD}}}}`, reask],
  ['a __proto__ key beside the answer', `{"__proto__":{"polluted":true},"ask-0":${GOOD}}`, answered],
  ['toString, valueOf and hasOwnProperty keys', `{"toString":${GOOD},"valueOf":1,"hasOwnProperty":2}`, reask],
  [
    '10,000 keys never asked',
    JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, JSON.parse(GOOD)]))),
    reask,
  ],
  ['a 1 MiB key', `{${JSON.stringify('k'.repeat(1 << 20))}:${GOOD}}`, reask],
  [
    'the answer wrapped as {method, result}',
    `{"ask-0":{"method":"elicitation/create","result":${GOOD}}}`,
    reask,
  ],
  ['the answer wrapped as a JSON-RPC response', `{"ask-0":{"jsonrpc":"2.0","id":1,"result":${GOOD}}}`, reask],
  ['an empty object', '{}', reask],
  // Not an object at all: the SDK drops the whole map (no -32602), so the ask is simply unanswered.
  ['a string', '"accept"', reask],
  ['an array', `[${GOOD}]`, reask],
  ['null', 'null', reask],
  ['a number', '0', reask],
  ['true', 'true', reask],
].map(([what, inputResponses, ending]) => ({
  name: `[M-09] inputResponses ${what}`,
  ...withResponses(inputResponses as string),
  ending: ending as Ending2026,
}));

// 5. M-09: answers sent ahead with the first call (no requestState) are read like any other: checked, never trusted.
const inAdvance: WireCase2026[] = [
  ['an invalid answer', '{"ask-0":{"action":"accept","content":{"name":42}}}', reask],
  ['an answer under a key the server never assigns', `{"name":${GOOD}}`, reask],
  ['an answer under __proto__', `{"__proto__":{"ask-0":${GOOD}}}`, reask],
].map(([what, inputResponses, ending]) => ({
  name: `[M-09] sent with the first call: ${what}`,
  play: (host: Host2026) => host.send({ tool: 'name', inputResponses: inputResponses as string }),
  ending: ending as Ending2026,
}));

// 6. M-10 / M-18: floods of one round. Every retry is that round again (a re-ask or the same answer), the state
// does not grow, and the server holds nothing per retry.
const FLOOD = 200;
const floods: WireCase2026[] = [
  {
    name: `[M-10] ${FLOOD} retries of one round without an answer: each a re-ask`,
    play: async (host) => {
      const first = await host.start();
      const out: RawResponse[] = [];
      for (let i = 0; i < FLOOD; i++)
        out.push(await host.send({ tool: 'name', requestState: stateOf(first) }));
      return out;
    },
    ending: reask,
  },
  {
    name: `[M-10] ${FLOOD} retries of one round with an invalid answer: each a re-ask, never past the first attempt`,
    play: async (host) => {
      const first = await host.start();
      const retry = {
        tool: 'name',
        requestState: stateOf(first),
        inputResponses: '{"ask-0":{"action":"x"}}',
      };
      return Promise.all(Array.from({ length: FLOOD }, () => host.send(retry)));
    },
    ending: reask,
  },
  {
    name: `[M-10] ${FLOOD} concurrent retries of one round with the answer: each the same answer`,
    play: async (host) => {
      const first = await host.start();
      const retry = { tool: 'name', requestState: stateOf(first), inputResponses: `{"ask-0":${GOOD}}` };
      return Promise.all(Array.from({ length: FLOOD }, () => host.send(retry)));
    },
    ending: answered,
  },
];

// 7. M-17 / E-16: URL mode. Consent is not completion, and a refusal is final even when an older state is replayed.
const urlFlows: WireCase2026[] = [
  {
    name: '[M-09] URL consent with forged content while the page is pending: held (bounded), then requestState only',
    play: async (host) => {
      const first = await host.start('wait');
      const consent =
        '{"ask-0":{"action":"accept","content":{"apiKey":"sk-live-forged"},"elicitationId":"x"}}';
      return host.send({ tool: 'wait', requestState: stateOf(first), inputResponses: consent });
    },
    ending: { stateOnly: true },
  },
  {
    name: '[M-06] a declined URL flow replayed with accept: the URL stays withdrawn, the completion fails typed',
    play: async (host) => {
      const first = await host.start('wait');
      const retry = (action: string) =>
        host.send({
          tool: 'wait',
          requestState: stateOf(first),
          inputResponses: `{"ask-0":{"action":"${action}"}}`,
        });
      await retry('decline');
      return retry('accept');
    },
    ending: { toolError: 'elicitation-expired' },
  },
];

export const wireCases2026: readonly WireCase2026[] = [
  ...forged,
  ...foreign,
  ...replayed,
  ...responses,
  ...inAdvance,
  ...floods,
  ...urlFlows,
];
