/**
 * How the Public Suffix List is packed for browsers: a context-mixing model over the list's label tree,
 * run by the decoder (public-suffix.ts) and by the generator's encoder (scripts/generate-public-suffixes.ts),
 * so both see the same probabilities bit for bit.
 *
 * Why not the plain text under gzip: the list is mostly place and brand names, which gzip leaves at about
 * 3.1 bits a character (34 KB of a page's 60 KB budget). Siblings are sorted, so a label starts like the one
 * before it and then continues with a larger character; a model that sees the previous sibling, the parent
 * and the last characters predicts the next character well enough to store the list in about 26 KB
 * (arithmetic coded, then base64, which gzip takes back to 8 bits a byte). Decoding it costs tens of
 * milliseconds once per process, on first use.
 *
 * Only integer and exactly rounded arithmetic (no `Math.exp`/`Math.log`, whose last bit may differ between
 * engines): every engine must reproduce every prediction exactly.
 */

/** Label characters in the order labels sort; symbol `FIRST_CHAR + i` is `LABEL_CHARS[i]`. */
export const LABEL_CHARS = '*-0123456789abcdefghijklmnopqrstuvwxyz';
/** The symbol for "no more siblings", read where a label would start. */
export const CLOSE = 0;
/** Symbols 1..6 end a label: `1 + 2 × kind + (has children ? 1 : 0)`. */
export const FIRST_CHAR = 7;
/** How many symbols there are. */
export const SYMBOLS = FIRST_CHAR + LABEL_CHARS.length;

/** A node of the list: 0 a rule, 1 an exception rule (`!`), 2 only a step towards longer rules. */
export type SuffixKind = 0 | 1 | 2;
export const RULE: SuffixKind = 0;
export const EXCEPTION: SuffixKind = 1;
export const STEP: SuffixKind = 2;

/** The end-of-label symbol for a node of `kind`, with or without children. */
export function endSymbol(kind: SuffixKind, hasChildren: boolean): number {
  return 1 + 2 * kind + (hasChildren ? 1 : 0);
}

/** Context table entries: 2^20 of 16 bits (a 12-bit probability and a 4-bit count), 2 MB while decoding. */
const TABLE_BITS = 20;
/** Mixer inputs: three contexts, a bias, the match model. */
const INPUTS = 5;
/** Symbols of history that start a match. */
const MATCH_MIN = 4;
/** The mixer learns at 0.015 per unit of error and stretch (here in 1/4096 and 1/256). */
const LEARNING_RATE = 0.015 / (4096 * 256);
/** A context seen n times moves 1/(n + 1.5) of the way to each new bit (n counts to 15), in 1/4096. */
const RATE = Array.from({ length: 16 }, (_, n) => Math.floor(4096 / (n + 1.5)));

/**
 * `squash(x) = 4096 / (1 + e^(-x/256))` for x in [-2047, 2047], interpolated between 33 points computed
 * once and written down (so no engine's `Math.exp` is involved); `STRETCH` is its inverse.
 */
const SQUASH_POINTS = [
  1, 2, 4, 6, 10, 17, 27, 45, 74, 120, 194, 311, 488, 747, 1102, 1546, 2048, 2550, 2994, 3349, 3608, 3785,
  3902, 3976, 4022, 4051, 4069, 4079, 4086, 4090, 4092, 4094, 4095,
];
function squash(x: number): number {
  if (x >= 2047) return 4095;
  if (x <= -2047) return 1;
  const w = x & 127;
  const i = (x >> 7) + 16;
  return (SQUASH_POINTS[i]! * (128 - w) + SQUASH_POINTS[i + 1]! * w + 64) >> 7;
}
const STRETCH = new Int16Array(4096);
for (let x = -2047, next = 0; x <= 2047; x++) {
  const p = squash(x);
  STRETCH.fill(x, next, p + 1);
  next = p + 1;
}

/** A table entry after learning `bit`. */
function learn(entry: number, bit: number): number {
  const n = entry & 15;
  const p = entry >>> 4;
  return ((p + ((((bit ? 4095 : 0) - p) * RATE[n]!) >> 12)) << 4) | (n < 15 ? n + 1 : n);
}

function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193);
}

/**
 * The prefix code a symbol's decisions follow, from its code lengths (a Huffman code the generator
 * computes and stores before the data): frequent symbols take fewer decisions, which is most of the
 * decoder's time. `children[2n + bit]` is the next internal node (0 is the root) or `-1 - symbol`.
 */
export function codeTree(lengths: readonly number[]): { children: Int16Array; codes: Int32Array } {
  const children = new Int16Array(2 * SYMBOLS);
  const codes = new Int32Array(SYMBOLS);
  const order = lengths
    .map((length, symbol) => [length, symbol] as const)
    .filter(([length]) => length > 0)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let code = 0;
  let previous = order[0]![0];
  let nodes = 1;
  for (const [length, symbol] of order) {
    code <<= length - previous;
    previous = length;
    codes[symbol] = code;
    let node = 0;
    for (let i = length - 1; i > 0; i--) {
      const edge = 2 * node + ((code >> i) & 1);
      node = children[edge] ||= nodes++;
    }
    children[2 * node + (code & 1)] = -1 - symbol;
    code++;
  }
  return { children, codes };
}

/**
 * Reads the label tree depth first, siblings in order, calling `add` for each node (under `parent`, the
 * root being 0; it returns the node's id). Every binary decision goes through `bit`, given the
 * probability of a 1 in 1/4096: the decoder returns the bit the data holds, the encoder codes and returns
 * the one it knows. Throws on data that cannot be a tree.
 *
 * Each decision is predicted from three contexts: the label's last three characters; the previous
 * sibling's symbol at this position while the label still starts like it (with the last character); the
 * parent label with the last two characters. A match model follows the last earlier run of the same
 * symbols (`com,edu,gov,net,org` repeats under many countries). A mixer per tree node, "still equal" and
 * "in a match" weighs them.
 */
export function readSuffixTree(
  codeLengths: readonly number[],
  bit: (p: number) => number,
  add: (parent: number, label: string, kind: SuffixKind) => number,
): void {
  const { children, codes } = codeTree(codeLengths);
  const table = new Uint16Array(1 << TABLE_BITS).fill(2048 << 4);
  const weights = new Float64Array(4 * 64 * INPUTS).fill(0.3);
  const matchHits = new Uint16Array(32).fill(3000);
  const lastSeen = new Int32Array(1 << 16).fill(-1);
  let history = new Uint8Array(1 << 17);
  let length = 0;
  let matchPointer = 0;
  let matchLength = 0;

  /** One symbol, from the contexts' hashes and the mixer's weight set. */
  const readSymbol = (context0: number, context1: number, context2: number, weightSet: number): number => {
    const expected = matchLength > 0 ? history[matchPointer]! : -1;
    const expectedCode = expected >= 0 ? codes[expected]! : 0;
    const expectedLength = expected >= 0 ? codeLengths[expected]! : 0;
    const hits = Math.min(matchLength, 31);
    let onPath = expected >= 0;
    let node = 0;
    let symbol: number;
    for (let depth = 0; ; depth++) {
      const i0 = Math.imul(context0 ^ node, 0x9e3779b1) >>> (32 - TABLE_BITS);
      const i1 = Math.imul(context1 ^ node, 0x9e3779b1) >>> (32 - TABLE_BITS);
      const i2 = Math.imul(context2 ^ node, 0x9e3779b1) >>> (32 - TABLE_BITS);
      const e0 = table[i0]!;
      const e1 = table[i1]!;
      const e2 = table[i2]!;
      const s0 = STRETCH[e0 >>> 4]!;
      const s1 = STRETCH[e1 >>> 4]!;
      const s2 = STRETCH[e2 >>> 4]!;
      let sm = 0;
      if (onPath) {
        sm = STRETCH[matchHits[hits]!]!;
        if (((expectedCode >> (expectedLength - 1 - depth)) & 1) === 0) sm = -sm;
      }
      const w = (weightSet + node) * INPUTS;
      const dot =
        weights[w]! * s0 +
        weights[w + 1]! * s1 +
        weights[w + 2]! * s2 +
        weights[w + 3]! * 256 +
        weights[w + 4]! * sm;
      const p = squash(dot >= 2047 ? 2047 : dot <= -2047 ? -2047 : Math.round(dot) | 0);

      const b = bit(p);

      const error = ((b << 12) - p) * LEARNING_RATE;
      weights[w] = weights[w]! + s0 * error;
      weights[w + 1] = weights[w + 1]! + s1 * error;
      weights[w + 2] = weights[w + 2]! + s2 * error;
      weights[w + 3] = weights[w + 3]! + 256 * error;
      weights[w + 4] = weights[w + 4]! + sm * error;
      table[i0] = learn(e0, b);
      table[i1] = learn(e1, b);
      table[i2] = learn(e2, b);
      if (onPath) {
        const hit = (sm > 0 ? 1 : 0) === b;
        matchHits[hits] = matchHits[hits]! + (((hit ? 4095 : 0) - matchHits[hits]!) >> 5);
        onPath = hit;
      }
      const next = children[2 * node + b]!;
      if (next < 0) {
        symbol = -1 - next;
        break;
      }
      node = next;
    }
    // The match model: continue a match that predicted right, else look for the last run like this one.
    if (matchLength > 0 && symbol === expected) {
      matchLength++;
      matchPointer++;
    } else matchLength = 0;
    if (length === history.length) {
      const grown = new Uint8Array(length * 2);
      grown.set(history);
      history = grown;
    }
    history[length++] = symbol;
    if (length >= MATCH_MIN) {
      let hash = 0;
      for (let i = length - MATCH_MIN; i < length; i++) hash = mix(hash, history[i]!);
      hash >>>= 16;
      if (matchLength === 0 && lastSeen[hash]! >= 0) {
        matchPointer = lastSeen[hash]!;
        matchLength = 1;
      }
      lastSeen[hash] = length;
    }
    return symbol;
  };

  // Per open sibling list: the parent's id, a hash of its label, the previous sibling's symbols.
  const parents = [0];
  const parentHashes = [0];
  const previous: number[][] = [[CLOSE]];
  const label: number[] = [];
  while (parents.length > 0) {
    const depth = parents.length - 1;
    const before = previous[depth]!;
    const parent = parentHashes[depth]!;
    label.length = 0;
    let equal = true;
    let symbol: number;
    for (let k = 0; ; k++) {
      const c1 = k > 0 ? label[k - 1]! : 0;
      const c2 = k > 1 ? label[k - 2]! : 0;
      const sibling = equal && k < before.length ? before[k]! : -1;
      symbol = readSymbol(
        mix(mix(mix(0x10000, c1), c2), k > 2 ? label[k - 3]! : 0),
        mix(mix(0x20000, sibling + 1), c1),
        mix(mix(mix(parent, c1), c2), 0x30000),
        (sibling >= 0 ? 64 : 0) + (matchLength > 0 ? 128 : 0),
      );
      if (symbol < FIRST_CHAR) {
        if ((symbol === CLOSE) !== (k === 0)) throw new Error('corrupt suffix data');
        break;
      }
      if (k === 63) throw new Error('corrupt suffix data');
      if (before[k] !== symbol) equal = false;
      label.push(symbol);
    }
    if (symbol === CLOSE) {
      parents.pop();
      parentHashes.pop();
      previous.pop();
      continue;
    }
    let text = '';
    let hash = 0x811c9dc5;
    for (const char of label) {
      text += LABEL_CHARS[char - FIRST_CHAR];
      hash = mix(hash, char);
    }
    const id = add(parents[depth]!, text, ((symbol - 1) >> 1) as SuffixKind);
    label.push(symbol);
    previous[depth] = label.slice();
    if ((symbol - 1) & 1) {
      parents.push(id);
      parentHashes.push(mix(hash, depth));
      previous.push([CLOSE]);
    }
  }
}
