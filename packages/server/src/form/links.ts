import type { PrimitiveSchemaDefinition, RequestedSchema } from '@elicitkit/core';

/**
 * E-47: servers should not put URLs meant to be clicked into a form request; a URL the user must open
 * belongs in a URL-mode elicitation, where the client shows its domain and asks for consent. Finding one
 * is a development warning, not an error: a URL may be there as plain text on purpose.
 */

// A scheme followed by `//` or a `www.` host: linear, no nested quantifiers.
const URL_PATTERN = /\b(?:[a-z][a-z0-9+.-]{1,15}:\/\/|www\.)[^\s"'<>]*/i;

/** Where in a form request a URL appears, e.g. `message`, `properties.site.description`. */
export interface LinkFinding {
  location: string;
  url: string;
}

export function findLink(text: string): string | undefined {
  return URL_PATTERN.exec(text)?.[0];
}

/** URLs in titles, descriptions and option titles of `schema`. */
export function findLinksInSchema(schema: RequestedSchema): LinkFinding[] {
  const findings: LinkFinding[] = [];
  const properties = schema.properties;
  for (const name of Object.keys(properties)) linksIn(name, properties[name]!, findings);
  return findings;
}

/** Every human-readable text of a property, scanned in place (once per new schema: no arrays of texts). */
function linksIn(name: string, definition: PrimitiveSchemaDefinition, findings: LinkFinding[]): void {
  if (definition.title !== undefined) scan(findings, name, 'title', definition.title);
  if (definition.description !== undefined) scan(findings, name, 'description', definition.description);
  if ('oneOf' in definition) {
    const options = definition.oneOf;
    for (let i = 0; i < options.length; i++) scan(findings, name, `oneOf.${i}.title`, options[i]!.title);
  }
  if ('items' in definition && 'anyOf' in definition.items) {
    const options = definition.items.anyOf;
    for (let i = 0; i < options.length; i++)
      scan(findings, name, `items.anyOf.${i}.title`, options[i]!.title);
  }
  if ('enumNames' in definition && definition.enumNames) {
    const titles = definition.enumNames;
    for (let i = 0; i < titles.length; i++) scan(findings, name, `enumNames.${i}`, titles[i]!);
  }
}

function scan(findings: LinkFinding[], name: string, location: string, text: string): void {
  const url = findLink(text);
  if (url !== undefined) findings.push({ location: `properties.${name}.${location}`, url });
}

const warnedCallSites = new Set<string>();
const MAX_REMEMBERED_CALL_SITES = 1000;

/**
 * Emits the E-47 warning once per call site (in practice: once per tool), outside production. The call
 * site is read from a stack trace only when there is something to warn about, so clean forms pay nothing.
 */
export function warnAboutLinks(findings: readonly LinkFinding[]): void {
  if (findings.length === 0 || nodeProcess?.env?.NODE_ENV === 'production') return;
  const site = callSite();
  if (warnedCallSites.has(site) || warnedCallSites.size >= MAX_REMEMBERED_CALL_SITES) return;
  warnedCallSites.add(site);
  const where = findings.map((f) => `${f.location} (${f.url})`).join(', ');
  const warning =
    `A form elicitation${site ? ` at ${site}` : ''} contains URLs: ${where}. Hosts do not render form text as ` +
    'links (MCP 2025-11-25, "Safe URL Handling"); send a URL the user must open as a URL-mode elicitation.';
  if (nodeProcess?.emitWarning)
    nodeProcess.emitWarning(warning, { type: 'ElicitkitWarning', code: 'ELICITKIT_E47' });
  else console.warn(`ElicitkitWarning [ELICITKIT_E47]: ${warning}`);
}

// The form path runs on edge runtimes too (workerd without nodejs_compat): Node's `process` only when present,
// and the package's location worked out with Web APIs rather than node:url.
const nodeProcess = (
  globalThis as {
    process?: {
      env?: Record<string, string | undefined>;
      emitWarning?: (warning: string, options: { type: string; code: string }) => void;
    };
  }
).process;
// workerd leaves import.meta.url undefined before compatibility date 2026-11-17: no package location there.
const PACKAGE_URL = typeof import.meta.url === 'string' ? new URL('../', import.meta.url).href : undefined;
const PACKAGE_PATH = PACKAGE_URL === undefined ? undefined : filePathOf(new URL(PACKAGE_URL));

/** What `fileURLToPath` gives for the stack frames Node prints as paths (POSIX or Windows); `href` elsewhere. */
function filePathOf(url: URL): string {
  if (url.protocol !== 'file:') return url.href;
  const path = decodeURIComponent(url.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1).replaceAll('/', '\\') : path;
}

/** The first stack frame outside this package's own files. */
function callSite(): string {
  const frames = new Error().stack?.split('\n').slice(1) ?? [];
  const inPackage = (frame: string) =>
    (PACKAGE_URL !== undefined && frame.includes(PACKAGE_URL)) ||
    (PACKAGE_PATH !== undefined && frame.includes(PACKAGE_PATH));
  const outside = frames.find((frame) => !inPackage(frame) && !frame.includes('node:internal'));
  return outside?.trim().replace(/^at /, '') ?? '';
}
