/**
 * Findings about a schema or an answer. `path` names the spot as a list of keys, as Standard Schema does:
 * `['properties', 'age', 'minimum']` in a schema, `['age']` or `['colors', 1]` in an answer (array indices
 * are numbers), `[]` for the whole value. A list, not a dotted string, so a property named `a.b` is one key.
 * `code` is stable and safe to branch on; `message` is for people and may change. Show a path to people
 * with {@link formatIssuePath}.
 */

/** Why a requested schema was refused by `validateRequestedSchema`. */
export type SchemaIssueCode =
  | 'not-an-object' // the schema (or a property definition) is not a JSON object
  | 'root-not-object' // root `type` is not "object"
  | 'missing-properties' // root has no `properties` object
  | 'unsupported-type' // a property `type` outside string/number/integer/boolean/array
  | 'nested-object' // a property of type object
  | 'unsupported-array' // an array that is not one of the two multi-select forms
  | 'unsupported-keyword' // a keyword that constrains values outside the subset ($ref, allOf, if, …)
  | 'invalid-keyword-value' // a known keyword with a value of the wrong type or range
  | 'unknown-format' // `format` outside email/uri/date/date-time
  | 'inverted-range' // minLength > maxLength, minimum > maximum, minItems > maxItems
  | 'invalid-default' // a `default` that fails its own field
  | 'empty-enum'
  | 'duplicate-enum-value'
  | 'non-string-enum-value'
  | 'enum-names-length' // `enumNames` not as long as `enum`
  | 'unknown-required' // `required` names a property that does not exist
  | 'invalid-pattern' // `pattern` is not a valid regular expression
  | 'unsafe-pattern' // `pattern` uses a construct the linear-time engine cannot run (backreferences, lookaround)
  | 'limit-exceeded'; // a size limit (see `DEFAULT_LIMITS`)

/** Why an answer was refused by `validateContent`. */
export type ContentIssueCode =
  | 'not-an-object' // content is not a JSON object
  | 'required' // a required field is absent
  | 'type' // wrong JSON type
  | 'too-short' // fewer code points than minLength
  | 'too-long' // more code points than maxLength (or than the limit)
  | 'format' // fails email/uri/date/date-time
  | 'pattern' // does not match `pattern`
  | 'minimum'
  | 'maximum'
  | 'not-integer'
  | 'not-finite' // NaN or ±Infinity
  | 'not-in-enum'
  | 'too-few-items'
  | 'too-many-items'
  | 'duplicate-items'
  | 'unknown-property'
  | 'not-accepted'; // the answer was refused where it was sent (a relay): `params.reason` says why

/** Where an issue is: keys from the root, array indices as numbers; `[]` is the whole value. */
export type IssuePath = readonly (string | number)[];

/**
 * The values an issue's wording needs, so a UI can say it in the person's language (`issueMessage`):
 * `min`/`max` (bounds of lengths, numbers and choice counts), `format`, `pattern` or `reason` (a refused
 * pattern, or why an answer was not accepted), `value` (a repeated choice).
 */
export type IssueParams = Readonly<Record<string, string | number>>;

/**
 * One problem found: where (`path`), what (`code`), why in English for logs and the wire (`message`), and
 * the values behind it (`params`, when the code has any).
 */
export interface Issue<Code extends string = string> {
  path: IssuePath;
  code: Code;
  message: string;
  params?: IssueParams;
}

/** A problem in a requested schema (from {@link validateRequestedSchema}). */
export type SchemaIssue = Issue<SchemaIssueCode>;
/** A problem in an answer (from {@link validateContent} and {@link validateField}). */
export type ContentIssue = Issue<ContentIssueCode>;

/** A key that reads unambiguously after a dot: an identifier (`age`, `first_name`, `$id`). */
const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * An issue path for people and messages, in JavaScript accessor style: `age`, `colors[1]`,
 * `properties.age.minimum`; a key that is not a plain identifier is quoted as JSON in brackets, so every
 * path reads one way only: `["a.b"]`, `properties["first name"].title`, `[""]`. The root (`[]`) is `''`;
 * callers choose their own word for it (`(root)`, `answer`).
 */
export function formatIssuePath(path: IssuePath): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (PLAIN_KEY.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}
