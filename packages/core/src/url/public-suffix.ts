import { PUBLIC_SUFFIX_TREE } from './public-suffix-data.js';

/**
 * The Public Suffix List as a tree of labels, right to left, in the text form public-suffix-data.ts
 * holds: `label` + mark + optional `(children)`, siblings comma-separated. No mark: a rule; `!`: an
 * exception rule; `?`: no rule of its own (only a step towards longer ones). About a third the size of
 * tldts's encoding once compressed, which keeps a browser page's share of core small (issue 13); parsed
 * on first use (a few milliseconds).
 */
interface SuffixNode {
  rule: boolean;
  exception: boolean;
  children?: Map<string, SuffixNode>;
}

let parsed: SuffixNode | undefined;

function parse(text: string): SuffixNode {
  const root: SuffixNode = { rule: false, exception: false };
  const stack: SuffixNode[] = [root];
  let last = root;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char !== undefined && char !== ',' && char !== '(' && char !== ')') continue;
    if (i > start) {
      const mark = text[i - 1];
      const marked = mark === '!' || mark === '?';
      last = { rule: !marked, exception: mark === '!' };
      const parent = stack[stack.length - 1]!;
      parent.children ??= new Map();
      parent.children.set(text.slice(start, marked ? i - 1 : i), last);
    }
    if (char === '(') stack.push(last);
    else if (char === ')') stack.pop();
    start = i + 1;
  }
  return root;
}

/**
 * The registrable domain (public suffix plus one label) of a lowercase ASCII host name without a trailing
 * dot, by the PSL algorithm with private suffixes counted as public (`alice.github.io`); `undefined` when
 * the name is itself a public suffix. An unlisted top-level label is a suffix (the default rule `*`).
 */
export function registrableDomain(name: string): string | undefined {
  parsed ??= parse(PUBLIC_SUFFIX_TREE);
  const labels = name.split('.');
  let node = parsed;
  let suffixLabels = 1;
  for (let depth = 0; depth < labels.length; depth++) {
    const label = labels[labels.length - 1 - depth]!;
    const next = node.children?.get(label) ?? node.children?.get('*');
    if (!next) break;
    if (next.exception) {
      // An exception rule's suffix is the rule without its leftmost label.
      suffixLabels = depth;
      break;
    }
    if (next.rule) suffixLabels = depth + 1;
    node = next;
  }
  if (labels.length <= suffixLabels) return undefined;
  return labels.slice(labels.length - suffixLabels - 1).join('.');
}
