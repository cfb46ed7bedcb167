/**
 * The requested-schema subset of MCP 2025-11-25 (`schema.ts`, "Requested Schema"), as TypeScript types.
 * Names mirror the spec's so that code reads against the spec page. `pattern` is on `StringSchema` because
 * the spec page documents it, although `schema.ts` omits it.
 */

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

interface Annotated {
  title?: string;
  description?: string;
}

export interface StringSchema extends Annotated {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: StringFormat;
  default?: string;
}

export interface NumberSchema extends Annotated {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanSchema extends Annotated {
  type: 'boolean';
  default?: boolean;
}

export interface EnumOption {
  const: string;
  title: string;
}

export interface UntitledSingleSelectEnumSchema extends Annotated {
  type: 'string';
  enum: string[];
  default?: string;
}

export interface TitledSingleSelectEnumSchema extends Annotated {
  type: 'string';
  oneOf: EnumOption[];
  default?: string;
}

/** @deprecated by the spec: use {@link TitledSingleSelectEnumSchema}. Still accepted on the wire. */
export interface LegacyTitledEnumSchema extends Annotated {
  type: 'string';
  enum: string[];
  enumNames?: string[];
  default?: string;
}

export interface UntitledMultiSelectEnumSchema extends Annotated {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: string[] };
  default?: string[];
}

export interface TitledMultiSelectEnumSchema extends Annotated {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { anyOf: EnumOption[] };
  default?: string[];
}

export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;

/** `ElicitRequestFormParams.requestedSchema`: a flat object of primitive properties (E-12). */
export interface RequestedSchema {
  $schema?: string;
  type: 'object';
  properties: Record<string, PrimitiveSchemaDefinition>;
  required?: string[];
}

/** One answer value, as `ElicitResult.content` allows. */
export type ElicitValue = string | number | boolean | string[];

/** `ElicitResult.content`. */
export type ElicitContent = Record<string, ElicitValue>;

/** The two elicitation modes (E-07): a form the client renders, or a URL the user opens in a browser. */
export type ElicitationMode = 'form' | 'url';
