import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLink, findLinksInSchema, warnAboutLinks } from '../src/form/links.js';

describe('[E-47] URLs in form texts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('[E-47] finds scheme URLs and www hosts, not plain words', () => {
    expect(findLink('see https://evil.example/login now')).toBe('https://evil.example/login');
    expect(findLink('go to www.example.com')).toBe('www.example.com');
    expect(findLink('ftp://files.example/x')).toBe('ftp://files.example/x');
    expect(findLink('Your name, please')).toBeUndefined();
    expect(findLink('ratio 3:4 and a.b')).toBeUndefined();
  });

  it('[E-47] looks in titles, descriptions and option titles', () => {
    const findings = findLinksInSchema({
      type: 'object',
      properties: {
        a: { type: 'string', title: 'Docs at https://docs.example' },
        b: { type: 'string', oneOf: [{ const: 'x', title: 'see www.x.example' }] },
        c: { type: 'array', items: { anyOf: [{ const: 'y', title: 'http://y.example' }] } },
        d: { type: 'string', enum: ['1'], enumNames: ['https://one.example'] },
        e: { type: 'boolean', description: 'no links here' },
      },
    });
    expect(findings.map((f) => f.location)).toEqual([
      'properties.a.title',
      'properties.b.oneOf.0.title',
      'properties.c.items.anyOf.0.title',
      'properties.d.enumNames.0',
    ]);
  });

  it('[E-47] warns once per call site, not in production', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const finding = [{ location: 'message', url: 'https://x.example' }];
    for (let i = 0; i < 3; i++) warnAboutLinks(finding);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(String(emit.mock.calls[0]?.[0])).toContain('message (https://x.example)');
    expect(emit.mock.calls[0]?.[1]).toMatchObject({ code: 'ELICITKIT_E47' });
    warnAboutLinks(finding); // another call site
    expect(emit).toHaveBeenCalledTimes(2);
    vi.stubEnv('NODE_ENV', 'production');
    try {
      warnAboutLinks(finding); // a third site, but production
    } finally {
      vi.unstubAllEnvs();
    }
    expect(emit).toHaveBeenCalledTimes(2);
    warnAboutLinks([]);
    expect(emit).toHaveBeenCalledTimes(2);
  });
});
