import type { ElicitContent, RequestedSchema } from '@elicitkit/core';
import { applyDefaults, isJsonObject, validateContent } from '@elicitkit/core';
import {
  invalidAnswerError,
  invalidSchemaError,
  type SensitiveFieldFinding,
  sensitiveFieldError,
} from '../errors.js';
import { type CompiledForm, compileForm } from './compile.js';
import type { FormData, FormResult, FormSchema } from './infer.js';
import { findLink, warnAboutLinks } from './links.js';
import { findSensitiveMessage } from './sensitive.js';
import { validateWithStandard } from './standard.js';

/**
 * "What to ask and how to check the answer", independent of how it travels (DESIGN.md, "Two protocol
 * eras"). A delivery (today: a 2025-11-25 `elicitation/create` request) sends `message` and
 * `requestedSchema`, and hands whatever came back to `readResult`.
 */
export interface FormRequest<Data> {
  readonly message: string;
  readonly requestedSchema: RequestedSchema;
  /**
   * E-60: turns a client's result into a typed outcome. `accept` content is checked with core (required
   * fields, types, bounds, formats, unknown fields rejected), defaults fill omitted fields, then the
   * author's Standard Schema runs. `decline`/`cancel` ignore any content. Throws an `invalid-answer` `PeerError`.
   */
  readResult(result: ElicitResultLike): Promise<FormResult<Data>>;
}

/** The part of `ElicitResult` a form reads; anything else the client sent is ignored. */
export interface ElicitResultLike {
  action: 'accept' | 'decline' | 'cancel';
  content?: unknown;
}

/** What a form asks: the message people read and the schema of the answer. */
export interface FormRequestInput<S extends FormSchema> {
  /** Why the information is needed (E-10, E-44). Hosts show it sanitized, as plain text. */
  message: string;
  schema: S;
  /**
   * E-01 opt-out for fields that only look like secrets, by property name (for zod and raw schemas;
   * builder fields use `.notSecret()`).
   */
  notSecret?: readonly string[];
}

/**
 * Checks a form before anything is sent: the schema against the spec's subset and limits (core), E-01
 * secret-looking fields and messages, E-47 links (a warning). Throws a `UsageError`, `invalid-schema`
 * or `sensitive-field`.
 */
export function createFormRequest<S extends FormSchema>(
  input: FormRequestInput<S>,
): FormRequest<FormData<S>> {
  if (typeof input.message !== 'string') {
    throw invalidSchemaError([
      { path: ['message'], code: 'invalid-keyword-value', message: 'must be a string' },
    ]);
  }
  const form = compileForm(input.schema);
  const ask = askedForm(form);
  const allowed = input.notSecret;
  const verdict = messageVerdict(ask.verdicts, form, input.message);
  const findings =
    verdict.secrets.length === 0 ? form.secretFindings : [...form.secretFindings, ...verdict.secrets];
  const secrets = allowed ? findings.filter((f) => !allowed.includes(f.field)) : findings;
  // E-01, E-02, F-08: secrets go through URL mode, never through a form (asked by a field or by the message)
  if (secrets.length > 0) throw sensitiveFieldError(secrets);
  // E-47: URLs in a form's texts are a development warning
  warnAboutLinks(verdict.link ? [{ location: 'message', url: verdict.link }, ...form.links] : form.links);
  return {
    message: input.message,
    requestedSchema: form.requestedSchema,
    readResult: ask.readResult as FormRequest<FormData<S>>['readResult'],
  };
}

/** What a message adds to a form's checks: E-01 secret phrases, an E-47 link. */
interface MessageVerdict {
  secrets: readonly SensitiveFieldFinding[];
  link: string | undefined;
}

/**
 * What asking a compiled form works out once: its answer reader, and its verdicts on the messages it was asked
 * with (most forms are asked with one message, or a few, so the scans run once per message, not once per ask;
 * bounded per form). One weak entry per form, collected with it: a form built per call costs one entry, not two.
 */
interface AskedForm {
  readonly readResult: FormRequest<unknown>['readResult'];
  readonly verdicts: Map<string, MessageVerdict>;
}
const asked = new WeakMap<CompiledForm, AskedForm>();
const MAX_MESSAGES_PER_FORM = 16;

function askedForm(form: CompiledForm): AskedForm {
  let entry = asked.get(form);
  if (!entry) {
    entry = { readResult: readerOf(form), verdicts: new Map() };
    asked.set(form, entry);
  }
  return entry;
}

function messageVerdict(
  known: Map<string, MessageVerdict>,
  form: CompiledForm,
  message: string,
): MessageVerdict {
  const cached = known.get(message);
  if (cached) return cached;
  const verdict = { secrets: findSensitiveMessage(message, form.freeInputFields), link: findLink(message) };
  if (known.size >= MAX_MESSAGES_PER_FORM) known.clear();
  known.set(message, verdict);
  return verdict;
}

/**
 * E-60: turns a client's result into a typed outcome with the form's schema: `accept` content checked with core
 * (required fields, types, bounds, formats, unknown fields rejected), then the author's Standard Schema.
 */
function readerOf(form: CompiledForm): FormRequest<unknown>['readResult'] {
  const { requestedSchema, standard } = form;
  const hasDefaults = Object.values(requestedSchema.properties).some((p) => p.default !== undefined);
  return async (result) => {
    if (result.action !== 'accept') return { action: result.action };
    // E-60: an accept without content is an empty answer, which fails any required field. E-13: an omitted field
    // with a default gets it before the check, on every revision (and a revision that cannot carry defaults, F-06,
    // still gets them filled in here).
    const answered = result.content ?? {};
    const filled =
      hasDefaults && isJsonObject(answered) ? applyDefaults(requestedSchema, answered) : answered;
    const checked = validateContent(requestedSchema, filled, { unknownProperties: 'reject' });
    if (!checked.ok) throw invalidAnswerError(checked.issues);
    const content = checked.value as ElicitContent;
    if (!standard) return { action: 'accept', data: content };
    const refined = await validateWithStandard(standard, content);
    if (!refined.ok) throw invalidAnswerError(refined.issues);
    return { action: 'accept', data: refined.value };
  };
}
