/**
 * analyzeUrl throughput over a realistic mix of URL-mode URLs, against `new URL(x)` alone in the same run.
 * Target (issue 2): ≥ 100k URLs/s. Run:
 *   node --conditions=@elicitkit/source --expose-gc --import tsx bench/core/url.ts
 */
import { analyzeUrl } from '@elicitkit/core';

const ROUNDS = 7;
const PASSES_PER_ROUND = 40;

/** Most URL-mode URLs are https OAuth or connect pages; a few are local, international or hostile. */
function realisticMix(count: number): string[] {
  let seed = 42;
  const token = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      out += 'abcdefghijklmnopqrstuvwxyz0123456789'[seed % 36];
    }
    return out;
  };
  const makers: (() => string)[] = [
    () =>
      `https://github.com/login/oauth/authorize?client_id=${token(20)}&redirect_uri=https%3A%2F%2Fmcp.example.com%2Fcallback&state=${token(32)}&scope=repo`,
    () =>
      `https://accounts.google.com/o/oauth2/v2/auth?response_type=code&client_id=${token(24)}.apps.googleusercontent.com&state=${token(32)}`,
    () => `https://mcp.example.com/connect/${token(43)}`,
    () => `https://api.service.example.co.uk/elicitations/${token(22)}?step=1`,
    () =>
      `https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=${token(36)}&code_challenge=${token(43)}`,
    () => `https://${token(8)}.github.io/setup#${token(10)}`,
    () => `http://localhost:3000/callback?code=${token(30)}`,
    () => `https://münchen.de/anmeldung/${token(12)}`,
    () => `https://paypal.com.${token(6)}.example/login`,
    () => `https://xn--80ak6aa92e.com/${token(8)}`,
    () => `http://${token(8)}.example/pay`,
    () => `javascript:alert(${token(4)})`,
  ];
  // Weights: the first six (benign https) make up ~80%.
  const weights = [6, 5, 6, 3, 3, 2, 2, 1, 1, 1, 1, 1];
  const picks = weights.flatMap((weight, index) => Array<number>(weight).fill(index));
  return Array.from({ length: count }, (_, i) => makers[picks[i % picks.length]!]!());
}

function timePerUrl(urls: readonly string[], work: (url: string) => unknown): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < PASSES_PER_ROUND; pass++) {
    for (const url of urls) sink += work(url) ? 1 : 0;
  }
  const elapsed = Number(process.hrtime.bigint() - start);
  if (sink < 0) console.log(sink); // keeps the work observable
  return elapsed / (urls.length * PASSES_PER_ROUND);
}

function parseOnly(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const urls = realisticMix(2000);
const analyze = (url: string) => analyzeUrl(url);

// Warm both paths so the JIT compares optimized code.
timePerUrl(urls, analyze);
timePerUrl(urls, parseOnly);

const analyzeNs: number[] = [];
const parseNs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  gc();
  parseNs.push(timePerUrl(urls, parseOnly));
  gc();
  analyzeNs.push(timePerUrl(urls, analyze));
}

// The same mix with every host new to the analyzer (more distinct hosts than its cache of recent hosts holds): what a
// first sight of each host costs.
const coldUrls = urls.map((url, i) =>
  url.replace(/^(https?:\/\/)([^/?#]+)/, (_, scheme, host) => `${scheme}h${i}x.${host}`),
);
const coldNs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  gc();
  coldNs.push(timePerUrl(coldUrls, analyze));
}

const analyzeMedian = median(analyzeNs);
const parseMedian = median(parseNs);
const allowed = urls.filter((url) => analyzeUrl(url).allowed).length;
console.log(`analyzeUrl over ${urls.length} mixed URLs (${allowed} allowed), median of ${ROUNDS} rounds:`);
console.log(
  `  analyzeUrl   ${Math.round(1e9 / analyzeMedian).toLocaleString('en')} URLs/s (target ≥ 100,000)`,
);
console.log(`  new URL(x)   ${Math.round(1e9 / parseMedian).toLocaleString('en')} URLs/s (anchor)`);
console.log(
  `  ratio        analyzeUrl costs ${(analyzeMedian / parseMedian).toFixed(1)}× a bare WHATWG parse`,
);
console.log(
  `  every host new: ${(median(coldNs) / parseMedian).toFixed(1)}× (no host seen before; hosts repeat in real traffic)`,
);
