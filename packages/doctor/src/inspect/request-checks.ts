import { isLoopbackHost } from '@elicitkit/core';
import { type FormSchema, inspectFormRequest } from '@elicitkit/server';
import { type FindingList, quoted } from './findings.js';

/** What the inspecting host told the server: the modes it declared and the revision it speaks. */
export interface InspectingHost {
  declared: { form: boolean; url: boolean };
  /** `2025-06-18`, `2025-11-25` or `2026-07-28`. */
  revision: string;
}

/** Where a request was met, for the findings. */
export interface RequestContext {
  host: InspectingHost;
  where: string;
  findings: FindingList;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** F-05, F-06: what a 2025-06-18 schema may not hold, which the 2025-11-25 subset allows. */
function newerThan20250618(schema: Record<string, unknown>, context: RequestContext): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const field = quoted(name);
    const add = (rule: string, what: string) =>
      context.findings.add({ rule, level: 'must', where: context.where, message: `field ${field} ${what}` });
    if (property.type === 'array') add('F-05', 'is a multi-select (an array): 2025-06-18 has none');
    if ('oneOf' in property) add('F-06', 'uses oneOf: 2025-06-18 titles options with enum + enumNames');
    if ('pattern' in property) add('F-06', 'has a pattern: 2025-06-18 has none');
    if ('default' in property && property.type !== 'boolean') {
      add('F-06', 'has a default: 2025-06-18 carries defaults on booleans only');
    }
  }
}

function checkForm(params: Record<string, unknown>, context: RequestContext): void {
  const { host, where, findings } = context;
  if (!host.declared.form) {
    const rule = host.revision === '2026-07-28' ? 'M-04' : 'E-09';
    findings.add({
      rule,
      level: 'must',
      where,
      message: 'a form was sent to a host that did not declare form mode',
    });
  }
  if (host.revision === '2025-06-18' && 'mode' in params) {
    findings.add({ rule: 'F-04', level: 'must', where, message: '`mode` was sent to a 2025-06-18 host' });
  }
  const schema = params.requestedSchema;
  if (!isObject(schema)) {
    findings.add({ rule: 'E-12', level: 'must', where, message: 'the form has no requestedSchema object' });
    return;
  }
  if (host.revision === '2025-06-18') newerThan20250618(schema, context);
  const found = inspectFormRequest(String(params.message ?? ''), schema as unknown as FormSchema);
  for (const issue of found.schemaIssues.slice(0, 5)) {
    const at = issue.path.length > 0 ? `at ${quoted(issue.path.join('.'))}: ` : '';
    findings.add({
      rule: 'E-12',
      level: 'must',
      where,
      message: `requestedSchema ${at}${quoted(issue.message)}`,
    });
  }
  for (const secret of found.secrets.slice(0, 5)) {
    const rule = host.revision === '2025-06-18' ? 'F-08' : 'E-01';
    const asked = `field ${quoted(secret.field)} (its ${secret.in} says ${quoted(secret.match)})`;
    findings.add({
      rule,
      level: 'must',
      where,
      message: `${asked} asks for a secret in form mode; secrets go through URL mode (E-02)`,
    });
  }
  for (const link of found.links.slice(0, 3)) {
    findings.add({
      rule: 'E-47',
      level: 'should',
      where,
      message: `a URL to click in the form's ${link.location}: ${quoted(link.url)}`,
    });
  }
}

function checkUrl(params: Record<string, unknown>, context: RequestContext): void {
  const { host, where, findings } = context;
  if (host.revision === '2025-06-18') {
    findings.add({
      rule: 'F-04',
      level: 'must',
      where,
      message: 'URL mode was sent to a 2025-06-18 host, which has none',
    });
  } else if (!host.declared.url) {
    const rule = host.revision === '2026-07-28' ? 'M-04' : 'E-09';
    findings.add({
      rule,
      level: 'must',
      where,
      message: 'a URL elicitation was sent to a host that did not declare URL mode',
    });
  }
  const id = params.elicitationId;
  if (host.revision === '2025-11-25' && (typeof id !== 'string' || id === '')) {
    findings.add({
      rule: 'E-14',
      level: 'must',
      where,
      message: 'a URL elicitation without an elicitationId',
    });
  }
  if (host.revision === '2026-07-28' && id !== undefined) {
    findings.add({
      rule: 'M-17',
      level: 'must',
      where,
      message: '2026-07-28 URL mode carries no elicitationId',
    });
  }
  const url = typeof params.url === 'string' && URL.canParse(params.url) ? new URL(params.url) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    findings.add({
      rule: 'E-15',
      level: 'must',
      where,
      message: `the url is not a valid web address: ${quoted(params.url)}`,
    });
    return;
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    findings.add({
      rule: 'E-48',
      level: 'should',
      where,
      message: `the URL is not https: ${quoted(url.origin)}`,
    });
  }
  if (url.username || url.password) {
    findings.add({
      rule: 'E-45',
      level: 'must',
      where,
      message: 'the URL carries credentials (user:password@)',
    });
  }
}

/** Checks one `elicitation/create` a server sent (pushed on a 2025 session, or an input request of a 2026 round). */
export function checkElicitation(params: unknown, context: RequestContext): void {
  const { where, findings } = context;
  if (!isObject(params)) {
    findings.add({ rule: 'E-10', level: 'must', where, message: 'the request has no params object' });
    return;
  }
  if (typeof params.message !== 'string') {
    findings.add({ rule: 'E-10', level: 'must', where, message: 'the request has no message' });
  }
  if (params.mode === 'url') checkUrl(params, context);
  else if (params.mode === undefined || params.mode === 'form') checkForm(params, context);
  else
    findings.add({ rule: 'E-10', level: 'must', where, message: `an unknown mode ${quoted(params.mode)}` });
}
