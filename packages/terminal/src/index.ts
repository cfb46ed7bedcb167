export { type AnswersUIOptions, answersUI } from './ui/answers-ui.js';
export { type TerminalUIOptions, terminalUI } from './ui/terminal-ui.js';
