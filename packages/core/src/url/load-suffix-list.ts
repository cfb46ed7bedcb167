import { loadSuffixList as load } from '#suffix-list';

/**
 * Resolves once `analyzeUrl` can run: at once outside browsers, where the Public Suffix List is always loaded; in
 * browsers it is fetched on first use, so a page that never analyzes a URL never loads it. The client pipeline awaits
 * it before a URL request; call it yourself before `analyzeUrl` in a page of your own.
 */
export function loadSuffixList(): Promise<void> {
  return load();
}
