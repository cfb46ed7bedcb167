import { formatIssuePath, formModel, validateContent, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { readSpecFile, wireSchemaValidator } from './differential-ajv.js';

/**
 * Every schema the spec page shows (E-12), read from the page itself: the primitive definitions of
 * "Requested Schema" and the requests of the worked examples, whose responses must then validate too.
 */

/** JSON from a ```json or ```jsonc block: `//` comments outside strings and trailing commas removed. */
function parseJsonc(text: string): unknown {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++index] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else {
      out += char;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

const page = readSpecFile('elicitation.mdx');
const blocks = [...page.matchAll(/```jsonc?\n([\s\S]*?)```/g)].map((match) => parseJsonc(match[1]!));

type Message = {
  id?: number;
  method?: string;
  params?: { requestedSchema?: unknown };
  result?: { content?: unknown };
};
const messages = blocks as Message[];

const primitives = blocks.filter(
  (block): block is Record<string, unknown> =>
    typeof block === 'object' && block !== null && 'type' in block && !('jsonrpc' in block),
);
const requests = messages.filter(
  (message) => message.method === 'elicitation/create' && message.params?.requestedSchema,
);

describe('spec examples (E-12)', () => {
  const fitsWire = wireSchemaValidator();

  it('finds the examples on the page', () => {
    expect(primitives.length).toBe(7);
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  /**
   * The page's String Schema example shows every string keyword at once, and its default
   * "user@example.com" fails its own pattern "^[A-Za-z]+$". A default that fails its field is refused
   * (issue 2, item 2), so that one example is checked twice: as written it gets exactly that one issue,
   * and without its default it is accepted.
   */
  const selfContradicting = (definition: Record<string, unknown>) =>
    typeof definition.pattern === 'string' &&
    typeof definition.default === 'string' &&
    !new RegExp(definition.pattern, 'u').test(definition.default);

  it('[E-12] refuses only the default of the String Schema example, which fails its own pattern', () => {
    const [example] = primitives.filter(selfContradicting);
    expect(example).toMatchObject({ type: 'string', pattern: '^[A-Za-z]+$', default: 'user@example.com' });
    const result = validateRequestedSchema({ type: 'object', properties: { field: example } });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['properties.field.default:invalid-default']);
  });

  it.each(
    primitives.map((definition) => {
      if (!selfContradicting(definition)) return [String(definition.title ?? definition.type), definition];
      const { default: _, ...withoutDefault } = definition;
      return [`${String(definition.title)} (without its default)`, withoutDefault];
    }),
  )('[E-12] accepts the "Requested Schema" definition: %s', (_, definition) => {
    const input = { type: 'object', properties: { field: definition } };
    const result = validateRequestedSchema(input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.schema.properties.field).toEqual(definition);
    expect(fitsWire(result.schema)).toMatchObject({ valid: true });
    expect(formModel(result.schema)).toHaveLength(1);
  });

  it.each(requests.map((request) => [request.id, request]))(
    '[E-12] accepts the requestedSchema of request %s',
    (id, request) => {
      const result = validateRequestedSchema(request.params!.requestedSchema);
      expect(result).toEqual({ ok: true, schema: request.params!.requestedSchema });
      expect(fitsWire(request.params!.requestedSchema)).toMatchObject({ valid: true });
      const response = messages.find((message) => message.id === id && message.result?.content !== undefined);
      expect(response, `response to request ${id}`).toBeDefined();
      if (!result.ok || response === undefined) return;
      // E-60: the example answers satisfy their schemas.
      expect(validateContent(result.schema, response.result!.content)).toEqual({
        ok: true,
        value: response.result!.content,
      });
    },
  );
});
