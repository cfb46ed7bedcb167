import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/**
 * The security headers every page of the package sends, pinned value by value. The CSP's style hash is taken
 * from the page's own `<style>`, so the pin also proves the hash matches what the browser will hash.
 */
export function pageSecurityHeaders(style: string, options: { formAction?: string } = {}) {
  const hash = createHash('sha256').update(style).digest('base64');
  const formAction = options.formAction ? `'self' ${options.formAction}` : "'self'";
  return {
    'content-security-policy': `default-src 'none'; style-src 'sha256-${hash}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Headers a security-headers middleware could add; none beyond the pinned ones may appear. */
const WATCHED = [
  'content-security-policy',
  'content-security-policy-report-only',
  'cache-control',
  'referrer-policy',
  'x-frame-options',
  'x-content-type-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'reporting-endpoints',
  'report-to',
  'x-powered-by',
];

/** Headers that say something about this one answer, not about page security. */
const PER_ANSWER = new Set([
  'content-type',
  'content-length',
  'set-cookie',
  'retry-after',
  'location',
  'allow',
  'connection',
  'keep-alive',
  'date',
  'transfer-encoding',
]);

/** The page's `<style>` text (every page of the package has exactly one). */
export function styleOf(page: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1];
  if (style === undefined) throw new Error(`no <style> on the page:\n${page.slice(0, 400)}`);
  return style;
}

/** Asserts an HTML page's headers: exactly the pinned security headers, nothing more, nothing less. */
export async function expectPageHeaders(
  response: Response,
  options: { formAction?: string } = {},
): Promise<string> {
  const page = await response.text();
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expectSecurityHeaders(response, pageSecurityHeaders(styleOf(page), options));
  return page;
}

/** Asserts the watched headers are exactly `expected`, and no other header beyond the per-answer ones. */
export function expectSecurityHeaders(response: Response, expected: Record<string, string>): void {
  const watched = Object.fromEntries(
    WATCHED.map((name) => [name, response.headers.get(name)]).filter(([, value]) => value !== null),
  );
  expect(watched).toEqual(expected);
  const others = [...response.headers.keys()].filter(
    (name) => !PER_ANSWER.has(name) && !WATCHED.includes(name),
  );
  expect(others).toEqual([]);
}
