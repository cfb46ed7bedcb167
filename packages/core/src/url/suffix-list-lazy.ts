import { CoreErrorCode, UsageError } from '../errors.js';
import { lazyChunk } from '../lazy-chunk.js';
import { SUFFIX_OPTIONS } from './suffix-options.js';

// `#suffix-list` in browsers: the Public Suffix List (tldts, about 50 KB gzip) is a separate chunk, fetched with the
// first URL a page analyzes, so a page that only shows forms never loads it.

const suffixList = lazyChunk(
  () => import('tldts'),
  (module) => module.getPublicSuffix,
);

export function publicSuffixOf(name: string): string | null {
  const getPublicSuffix = suffixList.value;
  if (getPublicSuffix) return getPublicSuffix(name, SUFFIX_OPTIONS);
  throw new UsageError(
    CoreErrorCode.SuffixListNotLoaded,
    'a URL is analyzed before the Public Suffix List arrived: await loadSuffixList() first (the client pipeline does)',
  );
}

export function loadSuffixList(): Promise<void> {
  return suffixList.load();
}
