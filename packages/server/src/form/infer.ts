import type { ElicitValue } from '@elicitkit/core';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { Field, Presence } from './fields.js';

/**
 * The three ways to say what to ask, and the answer type each one gives:
 * - a {@link FieldShape} (elicitkit builders),
 * - a Standard Schema that also produces JSON Schema (zod 4, …): its own output type,
 * - a raw requested schema, typed from `as const`.
 */

/** A form written with the field builders: property name → field. */
export type FieldShape = { readonly [name: string]: Field<ElicitValue, Presence> };

/** A Standard Schema (validation) that also exposes Standard JSON Schema (conversion), as zod 4 does. */
export type StandardFormSchema<Output = unknown> = StandardSchemaV1<unknown, Output> &
  StandardJSONSchemaV1<unknown, Output>;

/** The requested-schema shape, loosened so `as const` literals (readonly tuples) fit. */
export interface RawRequestedSchema {
  readonly $schema?: string;
  readonly type: 'object';
  readonly properties: { readonly [name: string]: RawProperty };
  readonly required?: readonly string[];
}

/** One titled option of a raw schema's `oneOf` / `items.anyOf`. */
export interface RawOption {
  readonly const: string;
  readonly title?: string;
}

/** One property of a raw schema; precise enough to infer from, loose enough for `as const`. */
export interface RawProperty {
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  readonly enum?: readonly string[];
  readonly oneOf?: readonly RawOption[];
  readonly items?: {
    readonly type?: 'string';
    readonly enum?: readonly string[];
    readonly anyOf?: readonly RawOption[];
  };
  readonly default?: ElicitValue | readonly string[];
  readonly [keyword: string]: unknown;
}

/** Everything `elicitForm` accepts as `schema`. */
export type FormSchema = FieldShape | StandardFormSchema | RawRequestedSchema;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ShapeData<S extends FieldShape> = Simplify<
  {
    -readonly [K in keyof S as S[K]['~types']['presence'] extends 'optional'
      ? never
      : K]: S[K]['~types']['value'];
  } & {
    -readonly [K in keyof S as S[K]['~types']['presence'] extends 'optional'
      ? K
      : never]?: S[K]['~types']['value'];
  }
>;

type OptionValue<O> = O extends { readonly const: infer C extends string } ? C : never;

/** The answer type of one raw property. */
export type RawValue<P> = P extends { readonly type: 'array'; readonly items: infer I }
  ? I extends { readonly enum: readonly (infer E extends string)[] }
    ? E[]
    : I extends { readonly anyOf: readonly (infer O)[] }
      ? OptionValue<O>[]
      : string[]
  : P extends { readonly enum: readonly (infer E extends string)[] }
    ? E
    : P extends { readonly oneOf: readonly (infer O)[] }
      ? OptionValue<O>
      : P extends { readonly type: 'string' }
        ? string
        : P extends { readonly type: 'number' | 'integer' }
          ? number
          : P extends { readonly type: 'boolean' }
            ? boolean
            : ElicitValue;

type RequiredNames<S extends RawRequestedSchema> = S['required'] extends readonly (infer N extends string)[]
  ? N
  : never;

type PresentNames<S extends RawRequestedSchema> =
  | RequiredNames<S>
  | {
      [K in keyof S['properties']]: S['properties'][K] extends { readonly default: unknown } ? K : never;
    }[keyof S['properties']];

type RawData<S extends RawRequestedSchema> = string extends keyof S['properties']
  ? Record<string, ElicitValue>
  : Simplify<
      {
        -readonly [K in keyof S['properties'] as K extends PresentNames<S> ? K : never]: RawValue<
          S['properties'][K]
        >;
      } & {
        -readonly [K in keyof S['properties'] as K extends PresentNames<S> ? never : K]?: RawValue<
          S['properties'][K]
        >;
      }
    >;

/** The typed `data` of an accepted answer to `schema`. */
export type FormData<S extends FormSchema> =
  S extends StandardFormSchema<infer Output>
    ? Output
    : S extends RawRequestedSchema
      ? RawData<S>
      : S extends FieldShape
        ? ShapeData<S>
        : never;

/** The outcome of a form elicitation (E-27): the user accepted with data, declined, or cancelled. */
export type FormResult<Data> =
  | { action: 'accept'; data: Data }
  | { action: 'decline' }
  | { action: 'cancel' };
