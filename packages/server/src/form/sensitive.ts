import type { PrimitiveSchemaDefinition, RequestedSchema } from '@elicitkit/core';
import type { SensitiveFieldFinding } from '../errors.js';

/**
 * E-01/E-02: spot form fields that ask for secrets (credentials that grant access or authorize
 * transactions, per the spec's "User Interaction Model"), so they are refused before anything is sent.
 *
 * Texts are normalized to lowercase words first (`apiKey`, `API_KEY`, `api-key` → `api key`), then matched
 * against whole-word phrases. Contact or profile data (name, email, username) is deliberately not listed:
 * the spec leaves it to the server.
 */

const SECRET_PHRASES = [
  // passwords and friends
  'pass ?words?',
  'passwd',
  'pwd',
  'pass ?phrases?',
  'pass ?codes?',
  'pins?',
  'pin ?codes?',
  'pin ?numbers?',
  'secrets?',
  'one time (?:password|pass ?code|code)',
  'otp',
  'totp',
  '2fa(?: code)?',
  'mfa(?: code)?',
  'recovery (?:codes?|phrases?|keys?)',
  'seed (?:phrases?|words)',
  'mnemonic(?: phrase)?',
  // keys and tokens
  'api ?keys?',
  'access ?keys?',
  'secret ?keys?',
  'private ?keys?',
  'signing ?keys?',
  'encryption ?keys?',
  'tokens?',
  'access ?tokens?',
  'refresh ?tokens?',
  'auth ?tokens?',
  'bearer(?: tokens?)?',
  'credentials?',
  // payment credentials and identity numbers
  'card ?numbers?',
  'credit ?cards?',
  'debit ?cards?',
  'cc ?(?:num|number|no)',
  'ccn',
  'cvv2?',
  'cvc2?',
  'ccv',
  'csc',
  'card security codes?',
  'security codes?',
  'iban',
  'ssn',
  'social security(?: numbers?)?',
  'social insurance numbers?',
];

// Linear: one alternation of literal phrases between word boundaries, over bounded texts.
const SECRET_PATTERN = new RegExp(`(?:^| )(${SECRET_PHRASES.join('|')})(?= |$)`);

/** `apiKey`, `API_KEY`, `x-api-key`, `Card Number:` → `api key`, `api key`, `x api key`, `card number`. */
export function normalizeWords(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([0-9])([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Every phrase above contains one of these; texts without any (most titles) skip normalization.
const STEMS =
  /pass|pwd|pin|secret|one.?time|otp|2fa|mfa|recover|seed|mnemonic|key|token|bearer|credential|card|cc|cv|csc|security|iban|ssn|social/i;

/** The secret-looking phrase in `text`, or undefined. */
export function findSecretPhrase(text: string): string | undefined {
  if (!STEMS.test(text)) return undefined;
  return SECRET_PATTERN.exec(normalizeWords(text))?.[1];
}

// A negation and what follows it up to the end of its sentence or parenthesis (commas stay inside): "(do not give us
// your phone number, pin, or other sensitive info)" names a secret to rule it out. Linear: one negated class.
const NEGATED_CLAUSE = /\b(?:do not|don't|dont|never|not|without|no need to)\b[^.;:!?()\n]*/gi;

/**
 * A description with what it rules out taken away: server-everything's "Your favorite integer (do not give us your
 * phone number, pin, or other sensitive info)" asks for no PIN, while "Enter your PIN, do not share it" still does.
 */
function withoutNegations(description: string): string {
  return description.replace(NEGATED_CLAUSE, ' ');
}

/** Every field of `schema` that looks like it asks for a secret, with where and why. */
export function findSensitiveFields(schema: RequestedSchema): SensitiveFieldFinding[] {
  const findings: SensitiveFieldFinding[] = [];
  const properties = schema.properties;
  for (const field of Object.keys(properties)) {
    const finding = secretIn(field, properties[field]!);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The first of a field's name, title and description that asks for a secret. Once per new schema: no allocations. */
function secretIn(field: string, definition: PrimitiveSchemaDefinition): SensitiveFieldFinding | undefined {
  const inName = findSecretPhrase(field);
  if (inName !== undefined) return { field, in: 'name', match: inName };
  const inTitle = definition.title === undefined ? undefined : findSecretPhrase(definition.title);
  if (inTitle !== undefined) return { field, in: 'title', match: inTitle };
  const inDescription =
    definition.description === undefined
      ? undefined
      : findSecretPhrase(withoutNegations(definition.description));
  if (inDescription !== undefined) return { field, in: 'description', match: inDescription };
  return undefined;
}

/**
 * E-01 on the message: `message` labels the whole form, so "Paste your GitHub token here" above a bare text
 * field asks for a secret as surely as a field titled "Token". Given the secret phrase found in the message
 * ({@link findSecretPhrase}): one finding per field that could carry the secret (free text or a number); choices
 * and yes/no cannot, so `confirm(ctx, 'Revoke the API token?')` and a "Which token scope?" choice stay allowed.
 */
export function findSensitiveMessage(
  phrase: string,
  freeInputFields: readonly string[],
): SensitiveFieldFinding[] {
  return freeInputFields.map((field) => ({ field, in: 'message' as const, match: phrase }));
}

/** The fields whose value the user types (strings without a fixed list, numbers): the ones a secret fits in. */
export function findFreeInputFields(schema: RequestedSchema): string[] {
  const properties = schema.properties;
  const fields: string[] = [];
  for (const field of Object.keys(properties)) if (isFreeInput(properties[field]!)) fields.push(field);
  return fields;
}

function isFreeInput(definition: PrimitiveSchemaDefinition): boolean {
  if ('enum' in definition || 'oneOf' in definition) return false;
  return definition.type === 'string' || definition.type === 'number' || definition.type === 'integer';
}
