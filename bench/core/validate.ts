/**
 * Answer validation cost, as ratios against Ajv 2020 + ajv-formats measured in the same process.
 *
 *   node --conditions=@elicitkit/source --expose-gc --import tsx bench/core/validate.ts
 *
 * 1. one-shot: `validateContent` on a schema object never seen before (a fresh object per iteration, with
 *    a pattern field) vs Ajv compile + validate. Target: at least 50× faster.
 * 2. cached: the same schema object reused, vs Ajv's compiled validator. Target: within 5×.
 * 3. memory: heap after validating answers for 10 000 distinct schemas (distinct patterns too).
 * 4. patterns: the slowest adversarial (ReDoS-style) pattern on the longest answer it accepts, vs the
 *    100 ms budget.
 */
import { type RequestedSchema, validateContent, validateRequestedSchema } from '@elicitkit/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { compilePattern } from '../../packages/core/src/regex/safe-pattern.js';

type FormatsPlugin = (ajv: Ajv2020, options: { mode: 'full'; formats: string[] }) => Ajv2020;
const formatsModule = ajvFormats as unknown as FormatsPlugin & { default?: FormatsPlugin };
const withFormats: FormatsPlugin = formatsModule.default ?? formatsModule;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false });
  ajv.addKeyword('enumNames');
  return withFormats(ajv, { mode: 'full', formats: ['email', 'uri', 'date', 'date-time'] });
}

/** A typical form: text with a pattern, email, integer range, enum, multi-select, boolean. */
function makeSchema(pattern = '^[A-Za-z][A-Za-z .-]*$'): RequestedSchema {
  return {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, maxLength: 80, pattern },
      email: { type: 'string', format: 'email' },
      age: { type: 'integer', minimum: 18, maximum: 130 },
      plan: {
        type: 'string',
        oneOf: [
          { const: 'free', title: 'Free' },
          { const: 'pro', title: 'Pro' },
        ],
      },
      topics: {
        type: 'array',
        maxItems: 3,
        items: { type: 'string', enum: ['news', 'tips', 'offers', 'events'] },
      },
      terms: { type: 'boolean' },
    },
    required: ['name', 'email', 'terms'],
  };
}

const answer = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  plan: 'pro',
  topics: ['news', 'tips'],
  terms: true,
};

/** Nanoseconds per call: repeats `run` in batches until `minMs` have passed (after a warm-up). */
function timeIt(run: () => unknown, minMs = 300): number {
  for (let index = 0; index < 200; index++) run();
  let calls = 0;
  let batch = 1;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let index = 0; index < batch; index++) run();
    calls += batch;
    batch *= 2;
    elapsed = performance.now() - started;
  }
  return (elapsed * 1e6) / calls;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times `ours` and `theirs` in alternating rounds and keeps the median of each, so a neighbour's load
 * (the machine is shared) hits both sides alike.
 */
function compare(ours: () => unknown, theirs: () => unknown, rounds = 7): { ours: number; theirs: number } {
  const oursTimes: number[] = [];
  const theirTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    oursTimes.push(timeIt(ours));
    theirTimes.push(timeIt(theirs));
  }
  return { ours: median(oursTimes), theirs: median(theirTimes) };
}

const format = (ns: number) =>
  ns >= 1e6
    ? `${(ns / 1e6).toFixed(2)} ms`
    : ns >= 1e3
      ? `${(ns / 1e3).toFixed(2)} µs`
      : `${ns.toFixed(0)} ns`;
const must = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`bench precondition failed: ${what}`);
};

// 2. cached (measured first: the steady state of a long-running server)
const schema = makeSchema();
const ajvValidate = newAjv().compile(schema);
const cached = compare(
  () => validateContent(schema, answer),
  () => ajvValidate(answer),
);
const noPattern = makeSchema();
delete (noPattern.properties.name as { pattern?: string }).pattern;
const ajvNoPattern = newAjv().compile(noPattern);
const cachedNoPattern = compare(
  () => validateContent(noPattern, answer),
  () => ajvNoPattern(answer),
);

// 1. one-shot
const ajvOneShot = newAjv();
const oneShotAjv = () => {
  const schema = makeSchema();
  must(ajvOneShot.compile(schema)(answer) === true, 'ajv accepts the answer');
  ajvOneShot.removeSchema(schema);
};
const oneShot = compare(() => validateContent(makeSchema(), answer), oneShotAjv);
let distinct = 0;
const oneShotNewPattern = compare(
  () => validateContent(makeSchema(`^[A-Za-z][A-Za-z .-]*$|new${distinct++}`), answer),
  oneShotAjv,
  3,
);
const checkedOneShot = compare(() => {
  const checked = validateRequestedSchema(makeSchema());
  return checked.ok && validateContent(checked.schema, answer);
}, oneShotAjv);
must(validateContent(makeSchema(), answer).ok, 'elicitkit accepts the answer');

// 3. memory: 10 000 distinct schemas, each with its own pattern text
function heapAfter(work: () => void): number {
  gc!();
  const before = process.memoryUsage().heapUsed;
  work();
  gc!();
  return process.memoryUsage().heapUsed - before;
}
const oursHeap: number[] = [];
for (const round of [0, 1, 2]) {
  oursHeap.push(
    heapAfter(() => {
      for (let index = 0; index < 10_000; index++) {
        validateContent(makeSchema(`^[A-Za-z][A-Za-z .-]*$|x${round}_${index}`), answer);
      }
    }),
  );
}
const ajvHeapValidator = newAjv();
const ajvHeap = heapAfter(() => {
  for (let index = 0; index < 2_000; index++)
    ajvHeapValidator.compile(makeSchema(`^[A-Za-z]+$|x${index}`))(answer);
});

// 4. adversarial patterns at the longest answer each accepts
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const randomOf = (alphabet: string) => (length: number) =>
  Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
const repeatOf =
  (unit: string, last = '') =>
  (length: number) =>
    unit.repeat(length).slice(0, length - last.length) + last;
const adversarial: Array<[string, (length: number) => string]> = [
  ['^(a+)+$', repeatOf('a', '!')],
  ['(a|aa)+$', repeatOf('a', '!')],
  ['(\\w+\\s?)*$', repeatOf('a ', '!!')],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', repeatOf('a', '!')],
  ['(.*a){12}', repeatOf('b')],
  ['(?:a|b)*a(?:a|b){20}$', randomOf('ab')],
  ['(?:a|b)*a(?:a|b){90}$', randomOf('ab')],
  ['[ab]*a[ab]{40}$', randomOf('ab')],
  ['(?:a|b|c|d)*a(?:a|b|c|d){12}(?:x|y)$', randomOf('abcd')],
  ['\\w{1000}$', repeatOf('q')],
  ['[\\p{L}\\p{N}]{100}$', repeatOf('q')],
  ['(?:\\p{L}|\\p{N}|\\s)*\\p{Lu}(?:\\p{L}|\\p{N}|\\s){30}$', randomOf('aB1 é')],
];
function slowestPattern(label: string): { ms: number; pattern: string; length: number } {
  let worst = { ms: 0, pattern: '', length: 0 };
  for (const [pattern, input] of adversarial) {
    const compiled = compilePattern(`${pattern}|${label}`);
    if (!compiled.ok) throw new Error(`${pattern}: ${compiled.reason}`);
    const length = Math.min(100_000, compiled.pattern.maxInputLength);
    const text = input(length);
    const started = performance.now();
    compiled.pattern.test(text);
    const ms = performance.now() - started;
    if (ms > worst.ms) worst = { ms, pattern, length };
  }
  return worst;
}
const coldPattern = slowestPattern('cold');
const warmPatterns = [1, 2, 3].map((round) => slowestPattern(`warm${round}`));
const warmPattern = warmPatterns.reduce((a, b) => (b.ms > a.ms ? b : a));

const faster = ({ ours, theirs }: { ours: number; theirs: number }) =>
  `${(theirs / ours).toFixed(0)}× faster`;
const slower = ({ ours, theirs }: { ours: number; theirs: number }) =>
  `${(ours / theirs).toFixed(1)}× Ajv's time`;
const rows: Array<[string, { ours: number; theirs: number }, string]> = [
  ['one-shot: fresh schema + answer', oneShot, `${faster(oneShot)} (target ≥ 50×)`],
  ['one-shot, a new pattern text every time', oneShotNewPattern, faster(oneShotNewPattern)],
  ['one-shot incl. validateRequestedSchema', checkedOneShot, faster(checkedOneShot)],
  ['cached: same schema reused', cached, `${slower(cached)} (target ≤ 5×)`],
  ['cached, without the pattern field', cachedNoPattern, slower(cachedNoPattern)],
];
console.log('\nvalidateContent vs Ajv 2020 + ajv-formats (full), same process\n');
console.log(`${'case'.padEnd(42)}${'elicitkit'.padStart(12)}${'Ajv'.padStart(12)}  ratio`);
for (const [name, { ours, theirs }, ratio] of rows) {
  console.log(`${name.padEnd(42)}${format(ours).padStart(12)}${format(theirs).padStart(12)}  ${ratio}`);
}
console.log('\nheap growth after 10 000 distinct schemas (pattern cache: 32 entries)');
console.log(
  `  elicitkit, three rounds of 10 000: ${oursHeap.map((bytes) => `${(bytes / 1024).toFixed(0)} kB`).join(', ')} (flat = nothing kept per schema)`,
);
console.log(
  `  Ajv, 2 000 compiled schemas kept in its cache: ${(ajvHeap / 1024 / 1024).toFixed(1)} MB (anchor)`,
);
console.log('\nslowest adversarial pattern on the longest answer it accepts (budget 100 ms)');
console.log(
  `  cold JIT: ${coldPattern.ms.toFixed(1)} ms  ${coldPattern.pattern} on ${coldPattern.length} chars`,
);
console.log(
  `  warm:     ${warmPattern.ms.toFixed(1)} ms  ${warmPattern.pattern} on ${warmPattern.length} chars`,
);
