/**
 * @elicitkit/core: the MCP elicitation rules as code, shared by servers and hosts: requested-schema checks
 * (`validateRequestedSchema`), answer validation (`validateContent`, ReDoS-safe patterns), the form model hosts draw
 * from, URL safety analysis (`analyzeUrl`), safe display text (`sanitizeForDisplay`), the `Clock`, and the error model
 * every package throws (`ElicitkitError`). Pure TypeScript with no Node-only API: it runs in browsers too.
 *
 * @module @elicitkit/core
 */
export { type Clock, systemClock, timerSleep } from './clock.js';
export { applyDefaults } from './content/apply-defaults.js';
export {
  type ContentValidation,
  type ValidateContentOptions,
  validateContent,
  validateField,
} from './content/validate-content.js';
export {
  AbortedError,
  CoreErrorCode,
  type CoreErrorDetails,
  ElicitkitError,
  type ElicitkitErrorDetailsMap,
  type ElicitkitErrorOptions,
  type ErrorDetailsOf,
  isElicitkitError,
  type KnownErrorCode,
  PeerError,
  RefusedError,
  UsageError,
} from './errors.js';
export { formModel } from './form/form-model.js';
export type { FieldConstraints, FieldKind, FieldOption, FormField } from './form/form-types.js';
export {
  behindProxy,
  type PublicOriginOptions,
  parsePublicUrl,
  publicHostNames,
} from './http/public-origin.js';
export {
  type Catalog,
  type Catalogs,
  createTranslator,
  defineCatalogs,
  type Message,
  type MessageParams,
  type PluralMessage,
  type Translation,
  type TranslationLoader,
  type Translator,
  translationProblems,
} from './i18n/catalog.js';
export { DEFAULT_LOCALE, matchLocale, textDirection } from './i18n/locale.js';
export {
  type UrlWarningMessageKey,
  urlWarningMessage,
  urlWarningMessages,
} from './i18n/url-warnings/url-warning-messages.js';
export {
  issueMessage,
  type MessageIssue,
  NOT_ACCEPTED_REASONS,
  type NotAcceptedReason,
  type ValidationMessageKey,
  validationMessages,
} from './i18n/validation/validation-messages.js';
export {
  type ContentIssue,
  type ContentIssueCode,
  formatIssuePath,
  type Issue,
  type IssueParams,
  type IssuePath,
  type SchemaIssue,
  type SchemaIssueCode,
} from './issues.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { type IntegerBounds, integerOption } from './options.js';
export { loadPatternEngine } from './regex/load-pattern-engine.js';
export { isJsonObject, previewValue } from './schema/json-object.js';
export {
  type RequestedSchemaValidation,
  type ValidateRequestedSchemaOptions,
  validateRequestedSchema,
} from './schema/validate-requested-schema.js';
export { duplicateSdkError, type SdkCopy, sameSdkPackage, sdkCopyOf } from './sdk-copy.js';
export { TASKS_EXTENSION } from './tasks.js';
export { type SanitizeOptions, sanitizeForDisplay } from './text/sanitize.js';
export type * from './types.js';
export { analyzeUrl } from './url/analyze-url.js';
export { preferredHostForm } from './url/host-form.js';
export { loadSuffixList } from './url/load-suffix-list.js';
export { isLoopbackHost } from './url/loopback.js';
export type {
  AllowedUrlAnalysis,
  AnalyzeUrlOptions,
  BlockedUrlAnalysis,
  TextRange,
  UrlAnalysis,
  UrlBlockReason,
  UrlDisplay,
  UrlWarning,
  UrlWarningCode,
} from './url/url-types.js';
