/**
 * The requested-schema subset of MCP 2025-11-25 (`schema.ts`, "Requested Schema"), as TypeScript types.
 * Names mirror the spec's so that code reads against the spec page. `pattern` is on `StringSchema` because
 * the spec page documents it, although `schema.ts` omits it.
 */

/** The `format`s a string property may declare (E-12). */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

interface Annotated {
  title?: string;
  description?: string;
}

/** A text property: length bounds, `pattern`, `format`, default. */
export interface StringSchema extends Annotated {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: StringFormat;
  default?: string;
}

/** A number property (`integer` for whole numbers), with optional bounds and default. */
export interface NumberSchema extends Annotated {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** A yes/no property. */
export interface BooleanSchema extends Annotated {
  type: 'boolean';
  default?: boolean;
}

/** One titled option: the value sent back (`const`) and the label shown (`title`). */
export interface EnumOption {
  const: string;
  title: string;
}

/** One of several values, shown as they are (`enum`). */
export interface UntitledSingleSelectEnumSchema extends Annotated {
  type: 'string';
  enum: string[];
  default?: string;
}

/** One of several values, each with a label (`oneOf` of {@link EnumOption}). */
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

/** Several of several values, shown as they are (`items.enum`). */
export interface UntitledMultiSelectEnumSchema extends Annotated {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: string[] };
  default?: string[];
}

/** Several of several values, each with a label (`items.anyOf`). */
export interface TitledMultiSelectEnumSchema extends Annotated {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { anyOf: EnumOption[] };
  default?: string[];
}

/** A single-choice property, untitled or titled. */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;
/** A multiple-choice (array) property, untitled or titled. */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;
/** Every choice property the spec defines, including the deprecated `enumNames` form. */
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;
/** One property of a requested schema: text, number, yes/no or choice (no nesting, E-12). */
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
