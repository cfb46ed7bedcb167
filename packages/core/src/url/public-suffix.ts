import { publicSuffixOf } from '#suffix-list';

/**
 * The Public Suffix List, from tldts (kept current with the list upstream): in Node part of the module graph, in
 * browsers fetched with the first URL (`loadSuffixList`). A well-kept library over the packed copy elicitkit used to
 * carry: the packed copy was 21 KB gzip smaller, but took 65 ms of decoding on first use against tldts' 11 ms of
 * loading (measured in Node; several times more on a phone), at the moment a consent card should appear.
 */

/**
 * How many labels, counted from the right, make the public suffix of a lowercase ASCII host name without a trailing
 * dot, by the PSL algorithm with private suffixes counted as public (`github.io` in `alice.github.io`: 2). An unlisted
 * top-level label is a suffix (the default rule `*`). Never more than the name's label count.
 */
export function publicSuffixLabels(name: string): number {
  const suffix = publicSuffixOf(name);
  if (!suffix) return 1;
  let labels = 1;
  for (let i = suffix.indexOf('.'); i !== -1; i = suffix.indexOf('.', i + 1)) labels++;
  return labels;
}

/**
 * The registrable domain (public suffix plus one label) of a lowercase ASCII host name without a trailing dot, with
 * private suffixes counted as public (`alice.github.io`); `undefined` when the name is itself a public suffix.
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
