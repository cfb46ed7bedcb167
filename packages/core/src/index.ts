export { ElicitkitError } from './errors.js';
export type { ContentIssue, ContentIssueCode, Issue, SchemaIssue, SchemaIssueCode } from './issues.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export type * from './types.js';
