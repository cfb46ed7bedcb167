/**
 * The adapter kit: the logic every elicitation UI shares, so a terminal, a browser or a third UI only
 * draws. Who asks (`requesterLabel`), which issues belong to which field (`issuesFor`), typed input read
 * and written one way (`parseFieldInput`, `formatFieldValue`, local date-times), the answer a form sends
 * (`assembleAnswer`), the hint beside a field's label (`fieldHint`), how an answer reads in a review
 * (`answerText`) and what a URL consent card shows (`consentCard`). Pure and browser-safe: no Node API, no
 * SDK. Messages come from core's catalogs (`validationMessages`, `issueMessage`, `urlWarningMessages`,
 * `urlWarningMessage`), the kit's (`fieldHintMessages`) and the UI's own, loaded together (`uiWords`).
 *
 * @module @elicitkit/client/ui-kit
 */

export { type AnswerWords, answerText } from './answer-text.js';
export { assembleAnswer, isUnanswered } from './answers.js';
export {
  COLLAPSED_URL_LENGTH,
  type ConsentCard,
  type ConsentPart,
  type ConsentSite,
  consentCard,
  type UrlSegment,
} from './consent-card.js';
export { localDateTimeToRfc3339, localOffset, localTimeZone, rfc3339ToLocalDateTime } from './date-time.js';
export { type FieldHintKey, type FieldHintOptions, fieldHint, fieldHintMessages } from './field-hint.js';
export { formatFieldValue, type ParsedInput, parseFieldInput, TYPED_FIELD_KINDS } from './field-input.js';
export { issuesFor } from './field-issues.js';
export { requesterLabel } from './requester.js';
export { type UiWords, type UiWordsCatalogs, uiWords } from './ui-words.js';
