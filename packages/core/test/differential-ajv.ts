import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestedSchema } from '@elicitkit/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';

/**
 * The references the core tests compare against: the spec's own `schema.json` (the wire types) and Ajv
 * 2020 with ajv-formats in full mode, the validator most of the ecosystem uses. Test-only.
 */

/** The repository's unchanged copy of the spec revision (see spec/README.md). */
export const SPEC_DIR = fileURLToPath(new URL('../../../spec/2025-11-25/', import.meta.url));

export function readSpecFile(name: string): string {
  const path = `${SPEC_DIR}${name}`;
  if (!existsSync(path)) throw new Error(`spec file missing: ${path} (see spec/README.md)`);
  return readFileSync(path, 'utf8');
}

// ajv-formats is CommonJS with `exports.default`: depending on the loader its plugin is the module or its default.
type FormatsPlugin = (ajv: Ajv2020, options: { mode: 'full'; formats: string[] }) => Ajv2020;
const formatsModule = ajvFormats as unknown as FormatsPlugin & { default?: FormatsPlugin };
const withFormats: FormatsPlugin = formatsModule.default ?? formatsModule;

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** `ElicitRequestFormParams` from schema.json: does a requested schema fit the wire type? */
export function wireSchemaValidator(): (requestedSchema: unknown) => { valid: boolean; errors: unknown } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const spec = JSON.parse(readSpecFile('schema.json')) as Record<string, unknown>;
  ajv.addSchema({ ...spec, $id: 'mcp:schema' });
  const validate = ajv.getSchema('mcp:schema#/$defs/ElicitRequestFormParams') as Validate | undefined;
  if (validate === undefined) throw new Error('schema.json has no ElicitRequestFormParams');
  return (requestedSchema) => {
    const valid = validate({ message: 'm', requestedSchema });
    return { valid, errors: validate.errors };
  };
}

/**
 * Ajv's verdict on an answer for a requested schema, with the two rules elicitkit applies beyond plain
 * JSON Schema written out: unknown properties are refused (`additionalProperties: false`, what
 * `validateContent` does by default) and multi-select choices never repeat (`uniqueItems: true`).
 * `ownProperties` keeps Ajv from seeing inherited members (`toString`) as present answers.
 */
export function ajvContentValidator(): { compile(schema: RequestedSchema): Validate } {
  const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, unicodeRegExp: true });
  ajv.addKeyword('enumNames');
  withFormats(ajv, { mode: 'full', formats: ['email', 'uri', 'date', 'date-time'] });
  return {
    compile(schema: RequestedSchema): Validate {
      const properties: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(schema.properties)) {
        const value = field.type === 'array' ? { ...field, uniqueItems: true } : field;
        Object.defineProperty(properties, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return ajv.compile({ ...schema, properties, additionalProperties: false }) as Validate;
    },
  };
}
