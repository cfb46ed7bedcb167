/**
 * @elicitkit/web: the browser side of MCP elicitation. `webUI()` is the `ElicitationUI` for
 * `installElicitation`: it fetches each prompt kind's element with the first prompt of that kind, so a
 * page pays for the UI when a server asks, not at load. The elements themselves, for markup and
 * frameworks, are `@elicitkit/web/elements`. Every word is localizable: English built in, German, Japanese
 * and Arabic fetched on first use (`locale`, or the page's `lang`).
 *
 * @module @elicitkit/web
 */

export { ELEMENT_NAMES, OUTCOME_EVENT } from './names.js';
export { openInNewTab, type WindowOpener } from './url/new-tab.js';
export type { WaitAnswer } from './url/wait-element.js';
export { preloadWebUI, type WebUI, type WebUIOptions, webUI } from './web-ui.js';
