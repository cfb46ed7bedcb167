import { ADAPTER_CORPUS } from '@elicitkit/client/testing';
import { formModel, type RequestedSchema, validateContent, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../../../test/support/form-schemas.js';
import { schemaOfFields } from '../src/schema-of-fields.js';

/**
 * The bridge asks the host the form rebuilt from the host pipeline's model (`schemaOfFields`), never upstream's raw
 * schema: the rebuilt schema must be a valid requested schema that makes the same form, and that takes and refuses the
 * same answers, for every kind of field.
 */
const SCHEMAS: [string, RequestedSchema][] = [
  ...ADAPTER_CORPUS.map((sample): [string, RequestedSchema] => [sample.id, sample.schema]),
  ['booking', BOOKING],
];

function checked(schema: unknown): RequestedSchema {
  const result = validateRequestedSchema(schema);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.schema;
}

describe.each(SCHEMAS)('schemaOfFields, %s', (_, schema) => {
  const original = checked(schema);
  const rebuilt = checked(schemaOfFields(formModel(original)));

  it('makes the same form again', () => {
    expect(formModel(rebuilt)).toEqual(formModel(original));
  });

  it('takes and refuses the same answers', () => {
    const answers = ADAPTER_CORPUS.map((sample) => sample.sends);
    for (const answer of [...answers, {}, { unknown: 'x' }]) {
      const before = validateContent(original, answer, { unknownProperties: 'reject' });
      const after = validateContent(rebuilt, answer, { unknownProperties: 'reject' });
      expect(after.ok).toBe(before.ok);
    }
  });
});
