/**
 * Sealing and opening `requestState` (AES-256-GCM through Web Crypto, bound to principal, request and expiry)
 * for a flow with 0, 3 and 10 answered steps, against two anchors measured in the same process on the same
 * payload: a plain JSON.stringify + JSON.parse, and the SDK's own `createRequestStateCodec` (HMAC-SHA256
 * mint / verify, signed but not encrypted). Each op is awaited in turn, as a request does; batches alternate
 * with the order flipped every round, and each ratio is the median of per-round paired ratios.
 * Also bytes on the wire: the sealed token against the codec's token and the bare JSON.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-mrtr/request-state.ts
 */
import { systemClock } from '@elicitkit/core';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { askDigest } from '../../packages/server/src/delivery/ask-digest.js';
import { requestBinding } from '../../packages/server/src/delivery/request-binding.js';
import { type FlowState, newFlowState } from '../../packages/server/src/delivery/round.js';
import { bytesToBase64Url } from '../../packages/server/src/state/base64url.js';
import { StateSealer } from '../../packages/server/src/state/sealed-state.js';
import { createStateKeyring } from '../../packages/server/src/state/state-keys.js';

/** A flow that answered `steps` contact forms and has the next one pending, as `enableElicitation` seals it. */
function flowWith(steps: number): FlowState {
  const state = newFlowState(bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)))); // as enableElicitation
  for (let i = 0; i < steps; i++) {
    const digest = askDigest('form', `Step ${i}: your details`, { type: 'object', i });
    state.a.push([
      digest,
      { action: 'accept', content: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, plan: 'pro' } },
    ]);
  }
  state.n = steps;
  state.q = [[steps, askDigest('form', `Step ${steps}: your details`), 0, `ask-${steps}`]];
  return state;
}

const keyring = await createStateKeyring(crypto.getRandomValues(new Uint8Array(32)));
const sealer = new StateSealer({ keyring, ttlMs: 15 * 60_000, maxBytes: 64 * 1024, clock: systemClock });
const binding = { principal: 'anonymous', request: await requestBinding('tools/call', { name: 'signup' }) };
const codec = createRequestStateCodec<FlowState>({ key: crypto.getRandomValues(new Uint8Array(32)) });
const ctx = {} as ServerContext; // no `bind` configured: the codec ignores it

type Op = (state: FlowState) => Promise<unknown>;
const ops: Record<string, Op> = {
  json: async (state) => JSON.parse(JSON.stringify(state)),
  codec: async (state) => codec.verify(await codec.mint(state), ctx),
  sealed: async (state) => sealer.open(await sealer.seal(state, binding), binding),
};
const names = Object.keys(ops);

async function interleaved(
  state: FlowState,
  rounds: number,
  batch: number,
): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const op = ops[name]!;
      const start = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) await op(state);
      times[name]!.push(Number(process.hrtime.bigint() - start) / batch);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const BATCH = 100;
console.log(
  'steps | seal+open µs | ÷ JSON round trip | ÷ SDK codec mint+verify | sealed B | codec B | JSON B',
);
for (const steps of [0, 3, 10]) {
  const state = flowWith(steps);
  // Each must give back what went in, or the figures mean nothing.
  for (const name of names) {
    const back = JSON.stringify(await ops[name]!(state));
    if (back !== JSON.stringify(state)) throw new Error(`${name} changed the state`);
  }
  await interleaved(state, 5, BATCH); // warm-up
  const times = await interleaved(state, ROUNDS, BATCH);
  const paired = (anchor: string) =>
    median(times.sealed!.map((ns, round) => ns / times[anchor]![round]!)).toFixed(1);
  const sealedBytes = (await sealer.seal(state, binding)).length;
  const codecBytes = (await codec.mint(state)).length;
  const jsonBytes = JSON.stringify(state).length;
  console.log(
    `${String(steps).padStart(5)} | ${(median(times.sealed!) / 1000).toFixed(1).padStart(12)} | ` +
      `${`${paired('json')}×`.padStart(17)} | ${`${paired('codec')}×`.padStart(23)} | ` +
      `${String(sealedBytes).padStart(8)} | ${String(codecBytes).padStart(7)} | ${String(jsonBytes).padStart(6)}`,
  );
}
