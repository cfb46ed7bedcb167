import { isElicitkitError, type SchemaIssue } from '@elicitkit/core';
import type { SensitiveFieldFinding } from '../errors.js';
import { type CompiledForm, compileForm } from './compile.js';
import type { FormSchema } from './infer.js';
import { findLink, type LinkFinding } from './links.js';
import { findSecretPhrase, findSensitiveMessage } from './sensitive.js';

/** What the checks made before a form is sent find, as data (`createFormRequest` throws on the first two). */
export interface FormRequestFindings {
  /** E-12: where the schema leaves the spec's subset or limits; empty when it is a form every host can show. */
  schemaIssues: readonly SchemaIssue[];
  /** E-01, F-08: fields, or the message, asking for a secret. Found only in a schema without issues. */
  secrets: readonly SensitiveFieldFinding[];
  /** E-47: URLs in the message, titles, descriptions and option titles. Found only in a schema without issues. */
  links: readonly LinkFinding[];
}

/** The E-01 and E-47 findings in a compiled form and its message. */
export function textFindings(
  message: string,
  form: CompiledForm,
): { secrets: SensitiveFieldFinding[]; links: LinkFinding[] } {
  const verdict = messageVerdict(message);
  const secrets =
    verdict.phrase === undefined
      ? [...form.secretFindings]
      : [...form.secretFindings, ...findSensitiveMessage(verdict.phrase, form.freeInputFields)];
  const links = verdict.link ? [{ location: 'message', url: verdict.link }, ...form.links] : [...form.links];
  return { secrets, links };
}

/**
 * Runs every check `createFormRequest` makes on a form, and returns what they find instead of throwing or warning: for
 * tools that report on forms other servers send (`elicit doctor`), and for a server's own tests.
 */
export function inspectFormRequest(message: string, schema: FormSchema): FormRequestFindings {
  let form: CompiledForm;
  try {
    form = compileForm(schema);
  } catch (error) {
    if (!isElicitkitError(error, 'invalid-schema')) throw error;
    return { schemaIssues: error.details.issues, secrets: [], links: [] };
  }
  return { schemaIssues: [], ...textFindings(message, form) };
}

/** What scanning a message finds: an E-01 secret phrase, an E-47 link. */
interface MessageVerdict {
  phrase: string | undefined;
  link: string | undefined;
}

/**
 * Verdicts on recent messages: most tools ask with a few fixed messages, so each is scanned once, whatever form it
 * comes with. Bounded in entries and in the length of a message remembered.
 */
const verdicts = new Map<string, MessageVerdict>();
const MAX_REMEMBERED_MESSAGES = 256;
const MAX_REMEMBERED_MESSAGE_LENGTH = 1024;

function messageVerdict(message: string): MessageVerdict {
  const known = verdicts.get(message);
  if (known) return known;
  const verdict = { phrase: findSecretPhrase(message), link: findLink(message) };
  if (message.length <= MAX_REMEMBERED_MESSAGE_LENGTH) {
    if (verdicts.size >= MAX_REMEMBERED_MESSAGES) verdicts.clear();
    verdicts.set(message, verdict);
  }
  return verdict;
}
