export { ElicitkitError } from './errors.js';
export type { FieldConstraints, FieldKind, FieldOption, FormField } from './form/form-types.js';
export type { ContentIssue, ContentIssueCode, Issue, SchemaIssue, SchemaIssueCode } from './issues.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { type SanitizeOptions, sanitizeForDisplay } from './text/sanitize.js';
export type * from './types.js';
export { analyzeUrl } from './url/analyze-url.js';
export type {
  AnalyzeUrlOptions,
  UrlAnalysis,
  UrlBlockReason,
  UrlDisplay,
  UrlWarning,
  UrlWarningCode,
} from './url/url-types.js';
