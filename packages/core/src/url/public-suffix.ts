import { PUBLIC_SUFFIX_DATA } from './public-suffix-data.js';
import { EXCEPTION, readSuffixTree, STEP, type SuffixKind, SYMBOLS } from './suffix-model.js';

/**
 * The Public Suffix List, decoded on first use from its packed form (suffix-model.ts says why it is packed)
 * into a hashed label table: one open-addressing table keyed by (parent node, label), so a lookup walks
 * a host's labels from the right by index, hashing each in place, with no split and no allocation.
 */
interface SuffixTable {
  /** Per node: its label, its parent, its kind. Node 0 is the root. */
  labels: string[];
  parents: Int32Array;
  kinds: Uint8Array;
  /** Per node: its `*` child, or 0. */
  wildcards: Int32Array;
  /** Node ids by hash of (parent, label); 0 is empty. */
  slots: Int32Array;
  mask: number;
}

let table: SuffixTable | undefined;

/** The hash of `text.slice(start, end)` under node `parent`, characters taken right to left. */
function labelHash(parent: number, text: string, start: number, end: number): number {
  let hash = Math.imul(parent + 1, 0x9e3779b1);
  for (let i = end - 1; i >= start; i--) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash ^ (hash >>> 15);
}

/** Binary arithmetic decoder, the mirror of the generator's encoder (32-bit range, carry-less). */
function decode(data: string): SuffixTable {
  const bytes = atob(data);
  const codeLengths = Array.from(bytes.slice(0, SYMBOLS), (char) => char.charCodeAt(0));
  let position = SYMBOLS;
  const nextByte = () => (position < bytes.length ? bytes.charCodeAt(position++) : 0);
  let low = 0;
  let high = 0xffffffff;
  let x = 0;
  for (let i = 0; i < 4; i++) x = ((x << 8) | nextByte()) >>> 0;

  const labels = [''];
  const parentList = [0];
  const kindList: SuffixKind[] = [STEP];
  readSuffixTree(
    codeLengths,
    (p) => {
      const middle = low + Math.floor((high - low) / 4096) * p;
      const bit = x <= middle ? 1 : 0;
      if (bit) high = middle;
      else low = middle + 1;
      while (((low ^ high) & 0xff000000) === 0) {
        low = (low << 8) >>> 0;
        high = ((high << 8) | 255) >>> 0;
        x = ((x << 8) | nextByte()) >>> 0;
      }
      return bit;
    },
    (parent, label, kind) => {
      labels.push(label);
      parentList.push(parent);
      kindList.push(kind);
      return labels.length - 1;
    },
  );

  const count = labels.length;
  const size = 1 << Math.ceil(Math.log2(count * 2));
  const mask = size - 1;
  const slots = new Int32Array(size);
  const wildcards = new Int32Array(count);
  for (let id = 1; id < count; id++) {
    const label = labels[id]!;
    const parent = parentList[id]!;
    if (label === '*') wildcards[parent] = id;
    let slot = labelHash(parent, label, 0, label.length) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = id;
  }
  return {
    labels,
    parents: Int32Array.from(parentList),
    kinds: Uint8Array.from(kindList),
    wildcards,
    slots,
    mask,
  };
}

/**
 * How many labels, counted from the right, make the public suffix of a lowercase ASCII host name without
 * a trailing dot, by the PSL algorithm with private suffixes counted as public (`github.io` in
 * `alice.github.io`: 2). An unlisted top-level label is a suffix (the default rule `*`). Never more than
 * the name's label count.
 */
export function publicSuffixLabels(name: string): number {
  table ??= decode(PUBLIC_SUFFIX_DATA);
  const { slots, labels, parents, kinds, wildcards, mask } = table;
  let node = 0;
  let suffixLabels = 1;
  // Label by label from the right, each hashed as it is scanned (labelHash's order), looked up in place.
  for (let end = name.length, depth = 0; end >= 0; depth++) {
    let hash = Math.imul(node + 1, 0x9e3779b1);
    let start = end;
    for (
      let code = name.charCodeAt(start - 1);
      start > 0 && code !== 0x2e;
      code = name.charCodeAt(--start - 1)
    ) {
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    let next = 0;
    for (let slot = (hash ^ (hash >>> 15)) & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const id = slots[slot]!;
      if (parents[id] === node && sameLabel(labels[id]!, name, start, end)) {
        next = id;
        break;
      }
    }
    next ||= wildcards[node]!;
    if (next === 0) break;
    const kind = kinds[next];
    if (kind === EXCEPTION) {
      // An exception rule's suffix is the rule without its leftmost label.
      suffixLabels = depth;
      break;
    }
    if (kind !== STEP) suffixLabels = depth + 1;
    node = next;
    end = start - 1;
  }
  return suffixLabels;
}

/** Whether `label` is `text.slice(start, end)`. */
function sameLabel(label: string, text: string, start: number, end: number): boolean {
  if (label.length !== end - start) return false;
  for (let i = 0; i < label.length; i++) if (label.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/**
 * The registrable domain (public suffix plus one label) of a lowercase ASCII host name without a trailing
 * dot, with private suffixes counted as public (`alice.github.io`); `undefined` when the name is itself a
 * public suffix.
 */
export function registrableDomain(name: string): string | undefined {
  const suffixLabels = publicSuffixLabels(name);
  let start = name.length;
  for (let labels = 0; labels <= suffixLabels; labels++) {
    if (start < 0) return undefined;
    start = name.lastIndexOf('.', start - 1);
  }
  return name.slice(start + 1);
}

/** Every rule of the decoded list, written out (`*.ck`, `!www.ck`, `github.io`): for the tests. */
export function publicSuffixRules(): string[] {
  table ??= decode(PUBLIC_SUFFIX_DATA);
  const { labels, parents, kinds } = table;
  const names = [''];
  const rules: string[] = [];
  for (let id = 1; id < labels.length; id++) {
    // Parents come before their children (depth first), so the parent's name is already there.
    const parent = parents[id]!;
    names.push(parent === 0 ? labels[id]! : `${labels[id]}.${names[parent]}`);
    if (kinds[id] !== STEP) rules.push(`${kinds[id] === EXCEPTION ? '!' : ''}${names[id]}`);
  }
  return rules;
}
