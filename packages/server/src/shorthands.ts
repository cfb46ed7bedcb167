import type { ElicitValue, PrimitiveSchemaDefinition } from '@elicitkit/core';
import type { DeliveryOptions } from './delivery/form-2025.js';
import { elicitForm } from './elicit-form.js';
import {
  type Choices,
  type ChoiceValue,
  choice,
  type Field,
  fieldSpec,
  type Presence,
} from './form/fields.js';
import type { FormResult } from './form/infer.js';
import type { HandlerContext } from './sdk/seam.js';

/** The outcome of {@link confirm}: `confirmed` is true only when the user accepted. */
export type ConfirmResult =
  | { action: 'accept'; confirmed: true }
  | { action: 'decline'; confirmed: false }
  | { action: 'cancel'; confirmed: false };

/**
 * A yes/no question: the form has no fields, so hosts show the message with accept, decline and cancel.
 *
 * ```ts
 * if (!(await confirm(ctx, 'Delete 3 files from staging?')).confirmed) return { content: [] };
 * ```
 */
export async function confirm(
  ctx: HandlerContext,
  message: string,
  options: DeliveryOptions = {},
): Promise<ConfirmResult> {
  const outcome = await elicitForm(ctx, { ...options, message, schema: NO_FIELDS });
  return outcome.action === 'accept'
    ? { action: 'accept', confirmed: true }
    : { action: outcome.action, confirmed: false };
}

const NO_FIELDS = { type: 'object', properties: {} } as const;

/** What {@link choose} accepts besides the choices: the field's label and default, and delivery options. */
export interface ChooseOptions<C extends Choices> extends DeliveryOptions {
  /** The field's label. Default "Choose one". */
  title?: string;
  /** The choice selected at first. */
  default?: ChoiceValue<C>;
}

/**
 * One choice among `choices` (a list of values, or value → label); `data` is the chosen value.
 *
 * ```ts
 * const env = await choose(ctx, 'Deploy where?', { stg: 'Staging', prod: 'Production' });
 * if (env.action === 'accept') deploy(env.data); // 'stg' | 'prod'
 * ```
 */
export async function choose<const C extends Choices>(
  ctx: HandlerContext,
  message: string,
  choices: C,
  options: ChooseOptions<C> = {},
): Promise<FormResult<ChoiceValue<C>>> {
  let field: Field<ChoiceValue<C>, Presence> = choice(choices).title(options.title ?? 'Choose one');
  if (options.default !== undefined) field = field.default(options.default);
  // Required or defaulted, never optional: an accepted answer always carries the choice.
  return ask(ctx, message, field, options) as Promise<FormResult<ChoiceValue<C>>>;
}

/**
 * A single value; `data` is the value itself. The form has one field, `answer`, labelled with the field's
 * title or, without one, a label for its kind ("Email address", "Date", …), so hosts never show a bare
 * property name. Because the message labels the value, E-01 checks the message too.
 *
 * ```ts
 * const age = await ask(ctx, 'How old are you?', integer({ minimum: 0 }));
 * if (age.action === 'accept') age.data; // number
 * ```
 */
export async function ask<V extends ElicitValue, P extends Presence>(
  ctx: HandlerContext,
  message: string,
  field: Field<V, P>,
  options: DeliveryOptions = {},
): Promise<FormResult<P extends 'optional' ? V | undefined : V>> {
  const spec = fieldSpec(field);
  // The message is this value's real label: elicitForm's E-01 check reads it and names the field `answer`.
  const labelled = spec.schema.title === undefined ? field.title(kindLabel(spec.schema)) : field;
  const outcome = await elicitForm(ctx, { ...options, message, schema: { [ANSWER]: labelled } });
  if (outcome.action !== 'accept') return outcome;
  const data = (outcome.data as unknown as Record<string, V>)[ANSWER];
  return { action: 'accept', data: data as P extends 'optional' ? V | undefined : V };
}

const ANSWER = 'answer';

function kindLabel(schema: PrimitiveSchemaDefinition): string {
  if ('enum' in schema || 'oneOf' in schema) return 'Choose one';
  switch (schema.type) {
    case 'array':
      return 'Choose any';
    case 'boolean':
      return 'Yes or no';
    case 'number':
    case 'integer':
      return 'Number';
    case 'string':
      return schema.format ? FORMAT_LABELS[schema.format] : 'Your answer';
  }
}

const FORMAT_LABELS = {
  email: 'Email address',
  uri: 'Web address',
  date: 'Date',
  'date-time': 'Date and time',
};
