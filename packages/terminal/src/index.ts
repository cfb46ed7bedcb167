/**
 * @elicitkit/terminal: elicitation at a terminal. `terminalUI()` is the `ElicitationUI` adapter for
 * `@elicitkit/client` (forms field by field with a review, URL consent cards, the wait after consent); `answersUI()`
 * answers forms from data, for scripts and CI. The package also installs the `elicit` CLI host.
 *
 * @module @elicitkit/terminal
 */
export { type AnswersUIOptions, answersUI } from './ui/answers-ui.js';
export { type TerminalUIOptions, terminalUI } from './ui/terminal-ui.js';
