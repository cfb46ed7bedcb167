import { CoreErrorCode, UsageError } from '../errors.js';
import { SUFFIX_OPTIONS } from './suffix-options.js';

// `#suffix-list` in browsers: the Public Suffix List (tldts, about 50 KB gzip) is a separate chunk, fetched with the
// first URL a page analyzes, so a page that only shows forms never loads it.

let getPublicSuffix: typeof import('tldts').getPublicSuffix | undefined;
let loading: Promise<void> | undefined;

export function publicSuffixOf(name: string): string | null {
  if (getPublicSuffix) return getPublicSuffix(name, SUFFIX_OPTIONS);
  throw new UsageError(
    CoreErrorCode.SuffixListNotLoaded,
    'a URL is analyzed before the Public Suffix List arrived: await loadSuffixList() first (the client pipeline does)',
  );
}

export function loadSuffixList(): Promise<void> {
  loading ??= import('tldts').then(
    (module) => {
      getPublicSuffix = module.getPublicSuffix;
    },
    (error: unknown) => {
      loading = undefined; // a failed fetch may be retried
      throw error;
    },
  );
  return loading;
}
