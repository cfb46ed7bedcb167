import type { ElicitValue, EnumOption, PrimitiveSchemaDefinition, StringFormat } from '@elicitkit/core';

/**
 * Field builders: one function per primitive of the spec's requested-schema subset (E-12), each returning
 * an immutable {@link Field}. A form is a plain object of fields:
 *
 * ```ts
 * const form = { name: text().title('Name'), age: integer({ minimum: 0 }).optional() };
 * ```
 *
 * The value type and presence travel in the type parameters, so `elicitForm` can type its answer.
 */

/**
 * How a field shows up in the typed answer: `required` and `defaulted` fields are always present
 * (a default fills an omitted value), `optional` ones may be absent.
 */
export type Presence = 'required' | 'optional' | 'defaulted';

/** What a field contributes to the requested schema. Read by elicitkit; authors use the methods. */
export interface FieldSpec {
  readonly schema: PrimitiveSchemaDefinition;
  readonly required: boolean;
  /** The author vouched that this field only looks like a secret (E-01 opt-out). */
  readonly notSecret: boolean;
}

const FIELD = Symbol.for('elicitkit.field');

/** One form field, built by {@link text}, {@link integer}, {@link choice} and the other builders; chain `.title()`, `.describe()`, `.optional()`, `.default()`. */
export class Field<Value extends ElicitValue, P extends Presence = 'required'> {
  /** Phantom types for inference; never set at runtime. */
  declare readonly '~types': { value: Value; presence: P };
  /** @internal The schema and flags, read by `elicitForm` through `fieldSpec`. */
  readonly [FIELD]: FieldSpec;

  /** Fields are made by the builders (`text()`, `choice()`, …), not with `new`. */
  constructor(spec: FieldSpec) {
    this[FIELD] = spec;
  }

  /** The label a host shows. Without one, hosts show the property name. */
  title(title: string): Field<Value, P> {
    return this.with({ title });
  }

  /** Help text shown under the field. */
  describe(description: string): Field<Value, P> {
    return this.with({ description });
  }

  /** The user may leave the field empty; the answer's property is then absent. */
  optional(): Field<Value, P extends 'defaulted' ? 'defaulted' : 'optional'> {
    return new Field({ ...this[FIELD], required: false });
  }

  /**
   * Prefills the field (E-13) and fills it in when a client leaves it out, so the answer always has it.
   * The value is checked against the field before anything is sent.
   */
  default(value: Value): Field<Value, 'defaulted'> {
    return this.with({ default: value }) as unknown as Field<Value, 'defaulted'>;
  }

  /**
   * E-01 opt-out: the field's name, title or description looks like it asks for a secret but does not
   * (a "token count", a "PIN on the map"). Use it only for false positives: secrets go through URL mode.
   */
  notSecret(): Field<Value, P> {
    return new Field({ ...this[FIELD], notSecret: true });
  }

  private with(patch: object): Field<Value, P> {
    const spec = this[FIELD];
    return new Field({ ...spec, schema: { ...spec.schema, ...patch } as PrimitiveSchemaDefinition });
  }
}

/** The spec-level definition behind a field. */
export function fieldSpec(field: Field<ElicitValue, Presence>): FieldSpec {
  return field[FIELD];
}

export function isField(value: unknown): value is Field<ElicitValue, Presence> {
  return typeof value === 'object' && value !== null && FIELD in value;
}

/** Limits of a text field: length bounds and a `pattern`. */
export interface TextOptions {
  minLength?: number;
  maxLength?: number;
  /** An ECMAScript pattern the answer must match (core refuses patterns that cannot run in linear time). */
  pattern?: string;
}

/** Bounds of a number field. */
export interface NumberOptions {
  minimum?: number;
  maximum?: number;
}

/** How many choices a {@link multiChoice} answer may hold. */
export interface MultiChoiceOptions {
  minItems?: number;
  maxItems?: number;
}

/** The choices of {@link choice}, {@link multiChoice} and {@link choose}: a list of values, or an object of value → label. */
export type Choices = readonly [string, ...string[]] | Readonly<Record<string, string>>;

/** The union of values a {@link Choices} allows. */
export type ChoiceValue<C extends Choices> = C extends readonly string[] ? C[number] : keyof C & string;

function field<V extends ElicitValue>(schema: PrimitiveSchemaDefinition): Field<V> {
  return new Field({ schema, required: true, notSecret: false });
}

function stringField(format: StringFormat | undefined, options: TextOptions): Field<string> {
  return field({ type: 'string', ...(format && { format }), ...options });
}

/** Free text. */
export function text(options: TextOptions = {}): Field<string> {
  return stringField(undefined, options);
}

/** An email address (`format: email`). */
export function email(options: TextOptions = {}): Field<string> {
  return stringField('email', options);
}

/** A URI (`format: uri`). Hosts do not render it as a link (E-56). */
export function uri(options: TextOptions = {}): Field<string> {
  return stringField('uri', options);
}

/** A calendar date, `YYYY-MM-DD` (`format: date`). */
export function date(options: TextOptions = {}): Field<string> {
  return stringField('date', options);
}

/** A date and time, RFC 3339 (`format: date-time`). */
export function dateTime(options: TextOptions = {}): Field<string> {
  return stringField('date-time', options);
}

/** Any number. */
export function number(options: NumberOptions = {}): Field<number> {
  return field({ type: 'number', ...options });
}

/** A whole number. */
export function integer(options: NumberOptions = {}): Field<number> {
  return field({ type: 'integer', ...options });
}

/** Yes or no. */
export function boolean(): Field<boolean> {
  return field({ type: 'boolean' });
}

/**
 * One of several values: `choice(['small', 'large'])` (untitled enum) or `choice({ s: 'Small', l: 'Large' })`
 * (titled `oneOf`). Object keys keep their order, except integer-like keys, which JavaScript sorts first.
 */
export function choice<const C extends Choices>(choices: C): Field<ChoiceValue<C>> {
  const options = enumOptions(choices);
  return field(
    options
      ? { type: 'string', oneOf: options }
      : { type: 'string', enum: [...(choices as readonly string[])] },
  );
}

/** Several of several values, as {@link choice}; `minItems`/`maxItems` bound how many. */
export function multiChoice<const C extends Choices>(
  choices: C,
  options: MultiChoiceOptions = {},
): Field<ChoiceValue<C>[]> {
  const titled = enumOptions(choices);
  return field(
    titled
      ? { type: 'array', ...options, items: { anyOf: titled } }
      : { type: 'array', ...options, items: { type: 'string', enum: [...(choices as readonly string[])] } },
  );
}

function enumOptions(choices: Choices): EnumOption[] | undefined {
  if (Array.isArray(choices)) return undefined;
  return Object.entries(choices).map(([value, title]) => ({ const: value, title }));
}
