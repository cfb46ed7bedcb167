import { describe, expect, it } from 'vitest';
import { isSameOriginFormPost } from '../../src/url/browser/form-origin.js';

const ORIGIN = 'https://mcp.example.com';
const post = (headers: Record<string, string>) => new Request(`${ORIGIN}/login`, { method: 'POST', headers });

describe('isSameOriginFormPost', () => {
  it('accepts our own origin', () => {
    expect(isSameOriginFormPost(post({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' }), ORIGIN)).toBe(
      true,
    );
  });

  it('accepts Origin: null from our no-referrer pages when fetch metadata says same-origin', () => {
    expect(isSameOriginFormPost(post({ origin: 'null', 'sec-fetch-site': 'same-origin' }), ORIGIN)).toBe(
      true,
    );
  });

  it('accepts a non-browser client that sends neither header (the CSRF token still applies)', () => {
    expect(isSameOriginFormPost(post({}), ORIGIN)).toBe(true);
  });

  it('refuses another origin', () => {
    expect(isSameOriginFormPost(post({ origin: 'https://evil.example' }), ORIGIN)).toBe(false);
  });

  it('refuses Origin: null from a cross-site document (a sandboxed frame on another site)', () => {
    expect(isSameOriginFormPost(post({ origin: 'null', 'sec-fetch-site': 'cross-site' }), ORIGIN)).toBe(
      false,
    );
    expect(isSameOriginFormPost(post({ origin: 'null', 'sec-fetch-site': 'same-site' }), ORIGIN)).toBe(false);
  });
});
