import { getPublicSuffix } from 'tldts';
import { SUFFIX_OPTIONS } from './suffix-options.js';

// `#suffix-list` outside browsers: the Public Suffix List (tldts) is part of the module graph, always there.

/** The public suffix of a lowercase ASCII host name, private suffixes included (`github.io`). */
export function publicSuffixOf(name: string): string | null {
  return getPublicSuffix(name, SUFFIX_OPTIONS);
}

export function loadSuffixList(): Promise<void> {
  return Promise.resolve();
}
