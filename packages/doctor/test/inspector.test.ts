import { describe, expect, it } from 'vitest';
import { MAX_FINDINGS, ServerInspector } from '../src/index.js';

const host = (revision: string, declared = { form: true, url: true }) =>
  new ServerInspector({ declared, revision });
const push = (id: number, params: unknown) => ({ jsonrpc: '2.0', id, method: 'elicitation/create', params });
const form = (properties: Record<string, unknown>, message = 'Please answer.') => ({
  mode: 'form',
  message,
  requestedSchema: { type: 'object', properties },
});

describe('ServerInspector', () => {
  it('[E-12] a schema outside the subset is a broken MUST, named by its path', () => {
    const inspector = host('2025-11-25');
    inspector.observe(push(1, form({ where: { type: 'object', properties: {} } })));
    expect(inspector.findings).toMatchObject([
      { rule: 'E-12', level: 'must', where: 'elicitation/create #1' },
    ]);
    expect(inspector.brokeAMust).toBe(true);
  });

  it('[E-47] a link to click in a form is a SHOULD', () => {
    const inspector = host('2025-11-25');
    inspector.observe(push(1, form({ n: { type: 'number' } }, 'See https://example.com/help first.')));
    expect(inspector.findings).toMatchObject([{ rule: 'E-47', level: 'should' }]);
    expect(inspector.brokeAMust).toBe(false);
  });

  it('[E-14] [E-15] [E-45] URL requests: no id, a URL that is not one, credentials in it', () => {
    const inspector = host('2025-11-25');
    inspector.observe(push(1, { mode: 'url', message: 'Go', url: 'https://u:p@example.com/x' }));
    inspector.observe(
      push(2, { mode: 'url', message: 'Go', url: 'javascript:alert(1)', elicitationId: 'a' }),
    );
    expect(inspector.findings.map((f) => f.rule).sort()).toEqual(['E-14', 'E-15', 'E-45']);
  });

  it('[E-25] [E-26] [M-17] a -32042 error: what it lists, and where it does not exist', () => {
    const modern = host('2026-07-28');
    modern.observe({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32042, message: 'x', data: { elicitations: [{ mode: 'form' }] } },
    });
    expect(modern.findings.map((f) => f.rule).sort()).toEqual(['E-26', 'M-17']);
    const session = host('2025-11-25');
    session.observe({ jsonrpc: '2.0', id: 1, error: { code: -32042, message: 'x', data: {} } });
    expect(session.findings.map((f) => f.rule)).toEqual(['E-25']);
  });

  it('[M-03] a round with neither input requests nor state', () => {
    const inspector = host('2026-07-28');
    inspector.observe({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } });
    expect(inspector.findings).toMatchObject([{ rule: 'M-03', where: 'round 1' }]);
  });

  it('server text in a finding is neutralized and short', () => {
    const inspector = host('2025-11-25');
    const hostile = `\u001b[2J\u202Epassword${'x'.repeat(10_000)}`;
    inspector.observe(push(1, form({ [hostile]: { type: 'string', title: 'Password' } })));
    const [finding] = inspector.findings;
    expect(finding?.message).not.toMatch(/[\u001b\u202E]/);
    expect(finding?.message.length).toBeLessThan(300);
  });

  it('keeps each distinct finding once, and at most MAX_FINDINGS', () => {
    const inspector = host('2025-11-25', { form: false, url: false });
    const refused = { jsonrpc: '2.0', id: 1, error: { code: -32042, message: 'x', data: {} } };
    inspector.observe(refused);
    inspector.observe(refused);
    expect(inspector.findings).toHaveLength(1);
    for (let i = 1; i <= MAX_FINDINGS + 50; i++) inspector.observe(push(i, form({ n: { type: 'number' } })));
    expect(inspector.findings).toHaveLength(MAX_FINDINGS);
    expect(inspector.dropped).toBe(51);
  });

  it('ignores what is not a message', () => {
    const inspector = host('2025-11-25');
    for (const junk of [null, 42, 'x', [], { method: 'elicitation/create' }]) inspector.observe(junk);
    expect(inspector.findings).toEqual([]);
  });
});
