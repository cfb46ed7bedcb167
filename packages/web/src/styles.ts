/**
 * One stylesheet for every element. Theming goes through the `--elicit-*` custom properties (set them on
 * the element or any ancestor) and the `::part(...)` names; `theme="light"|"dark"` on the element forces a
 * scheme, otherwise it follows `prefers-color-scheme`. Colours meet WCAG AA contrast in both schemes.
 * Sizes are in rem/em and the layout wraps, so it reads at 200 % zoom and at 320 px wide.
 */
const LIGHT = `
  --_bg: var(--elicit-bg, #ffffff);
  --_fg: var(--elicit-fg, #1b1b1b);
  --_muted: var(--elicit-muted, #4d4d4d);
  --_border: var(--elicit-border, #767676);
  --_accent: var(--elicit-accent, #0b57d0);
  --_accent-fg: var(--elicit-accent-fg, #ffffff);
  --_danger: var(--elicit-danger, #b3261e);
  --_warn-bg: var(--elicit-warn-bg, #fff4e5);
  --_mark-bg: var(--elicit-mark-bg, #fff0a6);
  --_mark-fg: var(--elicit-mark-fg, #1b1b1b);
  --_focus: var(--elicit-focus, #0b57d0);
  --_header-bg: var(--elicit-header-bg, #eef2f8);`;

const DARK = `
  --_bg: var(--elicit-bg, #1d1f21);
  --_fg: var(--elicit-fg, #f1f1f1);
  --_muted: var(--elicit-muted, #c8c8c8);
  --_border: var(--elicit-border, #9a9a9a);
  --_accent: var(--elicit-accent, #9cc2ff);
  --_accent-fg: var(--elicit-accent-fg, #0b1b33);
  --_danger: var(--elicit-danger, #ffb4ab);
  --_warn-bg: var(--elicit-warn-bg, #3d2e12);
  --_mark-bg: var(--elicit-mark-bg, #6b5800);
  --_mark-fg: var(--elicit-mark-fg, #ffffff);
  --_focus: var(--elicit-focus, #9cc2ff);
  --_header-bg: var(--elicit-header-bg, #2a2f38);`;

// `.actions` is sticky (E-04, E-42): Submit, Decline and Cancel stay in view however long the form is; on a
// consent card the warnings ride in it with the buttons. Only logical properties (inline/block, start/end),
// so an Arabic prompt is mirrored by `dir="rtl"` alone. The comments live here, not in the CSS, so they are
// not shipped to every page.
export const STYLES = `
:host { display: block; ${LIGHT}
  color-scheme: light; background: var(--_bg); color: var(--_fg);
  font: var(--elicit-font, 1rem/1.5 system-ui, sans-serif);
  border: 1px solid var(--_border); border-radius: var(--elicit-radius, 0.5rem);
  max-inline-size: var(--elicit-max-width, 40rem); box-sizing: border-box; overflow-wrap: anywhere; }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { ${DARK} color-scheme: dark; } }
:host([theme="dark"]) { ${DARK} color-scheme: dark; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
header { background: var(--_header-bg); padding: 0.75rem 1rem; border-start-start-radius: var(--elicit-radius, 0.5rem); border-start-end-radius: var(--elicit-radius, 0.5rem); }
header .kind { display: block; font-size: 0.875rem; color: var(--_muted); }
header .server { font-weight: 700; }
header h2 { margin: 0; font-size: 1.125rem; }
.body { padding: 1rem; display: grid; gap: 1rem; }
.message, .desc, .hint { white-space: pre-line; margin: 0; }
.desc, .hint, .optional { color: var(--_muted); font-size: 0.9375rem; font-weight: 400; }
form { display: grid; gap: 1.25rem; }
.field { display: grid; gap: 0.25rem; border: 0; margin: 0; padding: 0; min-inline-size: 0; }
label, legend { font-weight: 600; padding: 0; }
.choice { display: flex; gap: 0.5rem; align-items: baseline; font-weight: 400; }
input:not([type="checkbox"], [type="radio"]), select {
  font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border);
  border-radius: 0.25rem; padding: 0.375rem 0.5rem; inline-size: 100%; min-block-size: 2.25rem; }
[aria-invalid="true"]:not([type="checkbox"], [type="radio"]) { border: 2px solid var(--_danger); }
.field:has([aria-invalid="true"]) { border-inline-start: 4px solid var(--_danger); padding-inline-start: 0.75rem; }
.error { color: var(--_danger); margin: 0; font-size: 0.9375rem; font-weight: 600; }
.summary { border: 3px solid var(--_danger); padding: 0.75rem 1rem; }
.summary h3 { margin: 0 0 0.5rem; font-size: 1.0625rem; }
.summary ul { margin: 0; padding-inline-start: 1.25rem; }
.summary a { color: var(--_danger); font-weight: 600; }
.technical { font-size: 0.875rem; color: var(--_muted); }
.technical code { font-family: var(--elicit-mono, ui-monospace, monospace); word-break: break-all; }
.combo { position: relative; max-block-size: 18rem; overflow-y: auto; border: 1px solid var(--_border); border-radius: 0.25rem; }
.combo input { position: sticky; inset-block-start: 0; z-index: 1; border-width: 0 0 1px; border-radius: 0; }
.list { list-style: none; margin: 0; padding: 0.25rem 0; }
.list li { padding: 0.25rem 0.75rem; padding-inline-start: 2rem; cursor: pointer; position: relative; }
.list li[aria-selected="true"]::before { content: "✓"; position: absolute; inset-inline-start: 0.625rem; font-weight: 700; }
.list li.active { background: var(--_header-bg); outline: 2px solid var(--_focus); outline-offset: -2px; }
.actions { display: grid; gap: 0.5rem; padding: 0.75rem 1rem 1rem; background: var(--_bg);
  border-block-start: 1px solid var(--_border); border-end-start-radius: var(--elicit-radius, 0.5rem); border-end-end-radius: var(--elicit-radius, 0.5rem);
  position: sticky; inset-block-end: 0; }
.actions, .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.actions:has(.warnings-box) { display: grid; }
button { font: inherit; border-radius: 0.25rem; padding: 0.375rem 1rem; min-block-size: 2.5rem; cursor: pointer;
  border: 1px solid var(--_border); background: var(--_bg); color: var(--_fg); }
button.primary { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); font-weight: 600; }
button.link { border: 0; padding: 0.25rem 0; min-block-size: auto; background: none; color: var(--_accent); text-decoration: underline; justify-self: start; }
:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
dl { margin: 0; display: grid; gap: 0.5rem; }
dt { font-weight: 600; }
dd { margin: 0; margin-inline-start: 1rem; white-space: pre-line; display: grid; gap: 0.25rem; }
.url { font-family: var(--elicit-mono, ui-monospace, monospace); word-break: break-all; white-space: pre-wrap;
  border: 1px solid var(--_border); border-radius: 0.25rem; padding: 0.5rem; margin: 0; text-align: start; }
.site { font-size: 1.125rem; margin: 0; word-break: break-all; }
.site-facts { grid-template-columns: auto 1fr; align-items: baseline; gap: 0.25rem 0.5rem; }
.site-facts dd { margin-inline-start: 0; }
mark { background: var(--_mark-bg); color: var(--_mark-fg); font-weight: 700; padding: 0 0.125rem; }
.warnings-box { max-block-size: 40vh; overflow-y: auto; background: var(--_warn-bg); border-inline-start: 4px solid var(--_danger); padding: 0.5rem 0.75rem; }
.warnings-box h3 { margin: 0; font-size: 1rem; }
.warnings { margin: 0.25rem 0 0; padding-inline-start: 1.25rem; }
.blocked { font-weight: 700; color: var(--_danger); margin: 0; }
.status { margin: 0; }
`;
