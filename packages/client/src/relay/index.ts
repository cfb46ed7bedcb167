/**
 * @elicitkit/client/relay (issue 27): elicitation for MCP clients that run on a server while the person is in a browser.
 * The relay is the UI of those clients: each question is stored for the person the agent acts for, shown in every page
 * of theirs that listens, and answered exactly once.
 *
 * @module @elicitkit/client/relay
 */

export { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.js';
export { memoryRelayStore } from './memory-store.js';
export type {
  FormQuestion,
  Question,
  QuestionAddress,
  QuestionAnswer,
  QuestionStatus,
  UrlQuestion,
} from './question.js';
export { createRelay, type Relay, type RelayCallOptions, type RelayOptions } from './relay.js';
export type { AddResult, Interrupted, QuestionEvent, RelayCall, RelayStore } from './store.js';
