import {
  type AllowedUrlAnalysis,
  analyzeUrl,
  type ElicitationMode,
  formatIssuePath,
  type Issue,
  isJsonObject,
  previewValue,
  type RequestedSchema,
  type UrlBlockReason,
  validateRequestedSchema,
} from '@elicitkit/core';

/**
 * An `elicitation/create` request that passed every gate and may be shown to the user. `flowId` names a
 * URL flow: the `elicitationId` on 2025-11-25, the input-request key on 2026-07-28 (M-17: no id there).
 * `droppedDefaults` lists fields whose `default` failed its own field and was left out (interop).
 */
export type ParsedElicitation =
  | { mode: 'form'; message: string; schema: RequestedSchema; droppedDefaults: DroppedDefault[] }
  | { mode: 'url'; message: string; flowId: string; url: AllowedUrlAnalysis };

/** A schema `default` the host will not prefill, and why. */
export interface DroppedDefault {
  field: string;
  message: string;
}

/**
 * How a request reached the pipeline, which is all it needs to know of the era (the era adapters in `era/` say it):
 * `pushed`, a server's own `elicitation/create`: it may come unasked (so it is admitted against the rate budget),
 * a URL flow names itself by `elicitationId` and completes by notice; or `input`, an input request of a call this host
 * drives, under `key`: the call's round cap bounds it, a URL flow is named by the key and completes on the retry.
 */
export type RequestOrigin = { kind: 'pushed' } | { kind: 'input'; key: string };

export type ParsedUrlElicitation = Extract<ParsedElicitation, { mode: 'url' }>;

export interface ParseOptions {
  modes: ReadonlySet<ElicitationMode>;
  allowInsecureHttp: boolean;
  /** Default: a 2025 wire request. */
  origin?: RequestOrigin;
}

/** Why a request was refused; `message` names the offending spot, `issues` details a schema's faults. */
export interface RequestProblem {
  message: string;
  issues?: readonly Issue[];
  /** Set when the URL itself was refused by `analyzeUrl`. */
  blockReason?: UrlBlockReason;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: RequestProblem };

/** Opaque ids longer than this are refused: nothing legitimate needs more, and ids are kept in memory. */
const MAX_ELICITATION_ID_LENGTH = 1024;

/**
 * Steps 1–3 of the pipeline: shape, mode gate, schema or URL check. Nothing here talks to the user; a
 * refused request is answered -32602 by the caller. `at` prefixes paths in messages (`params`, or
 * `data.elicitations[0]` for a -32042 error).
 */
export function parseElicitation(
  params: unknown,
  options: ParseOptions,
  at = 'params',
): ParseResult<ParsedElicitation> {
  if (!isJsonObject(params)) return refuse(`${at} must be an object`);
  if (typeof params.message !== 'string') return refuse(`${at}.message must be a string`);
  // E-11: a request without `mode` is a form request
  const mode = params.mode === undefined ? 'form' : params.mode;
  if (mode !== 'form' && mode !== 'url') {
    return refuse(`${at}.mode must be "form" or "url", got ${previewValue(mode)}`);
  }
  if (!options.modes.has(mode)) {
    // E-39: a mode this client did not declare is answered -32602
    return refuse(
      `${at}.mode "${mode}" was not declared by this client (declared: ${[...options.modes].join(', ')})`,
    );
  }
  if (params.task !== undefined) {
    return refuse(`${at}.task: this client does not support task-augmented elicitation`);
  }
  if (mode === 'form') return parseForm(params, params.message, at);
  const origin = options.origin ?? { kind: 'pushed' };
  // M-17: a URL input request carries no elicitationId; its input-request key names the flow
  return origin.kind === 'input'
    ? parseUrlInputRequest(params, params.message, origin.key, options, at)
    : parseUrl(params, params.message, options, at);
}

function parseForm(
  params: Record<string, unknown>,
  message: string,
  at: string,
): ParseResult<ParsedElicitation> {
  if (params.requestedSchema === undefined) return refuse(`${at}.requestedSchema is required in form mode`);
  let checked = validateRequestedSchema(params.requestedSchema);
  let droppedDefaults: DroppedDefault[] = [];
  if (!checked.ok && checked.issues.every((issue) => issue.code === 'invalid-default')) {
    // Interop: a schema whose only fault is a default failing its own field (the 2025-11-25 String Schema
    // example does this) is shown without that default rather than refused.
    const stripped = withoutDefaults(params.requestedSchema, checked.issues);
    droppedDefaults = stripped.dropped;
    checked = validateRequestedSchema(stripped.schema);
  }
  if (!checked.ok) {
    const issues = checked.issues;
    const listed = issues
      .slice(0, 5)
      .map((issue) => `${at}.requestedSchema${pathSuffix(issue.path)}: ${issue.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    return { ok: false, problem: { message: `Invalid requestedSchema: ${listed}${more}`, issues } };
  }
  return { ok: true, value: { mode: 'form', message, schema: checked.schema, droppedDefaults } };
}

/** The schema without the defaults `issues` (all `invalid-default`) point at. */
function withoutDefaults(
  schema: unknown,
  issues: readonly Issue[],
): { schema: unknown; dropped: DroppedDefault[] } {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return { schema, dropped: [] };
  const properties: Record<string, unknown> = { ...schema.properties };
  const dropped: DroppedDefault[] = [];
  for (const [field, definition] of Object.entries(properties)) {
    const issue = issues.find(
      (candidate) => candidate.path[0] === 'properties' && candidate.path[1] === field,
    );
    if (!issue || !isJsonObject(definition) || !Object.hasOwn(definition, 'default')) continue;
    const { default: _dropped, ...rest } = definition;
    properties[field] = rest;
    dropped.push({ field, message: issue.message });
  }
  return { schema: { ...schema, properties }, dropped };
}

/** Steps 1–3 for a URL-mode request: shape, then `analyzeUrl`; a blocked URL is never shown (E-49). */
export function parseUrl(
  params: Record<string, unknown>,
  message: string,
  options: Pick<ParseOptions, 'allowInsecureHttp'>,
  at: string,
): ParseResult<ParsedUrlElicitation> {
  const { elicitationId, url } = params;
  if (typeof elicitationId !== 'string' || elicitationId === '') {
    return refuse(`${at}.elicitationId must be a non-empty string`);
  }
  if (elicitationId.length > MAX_ELICITATION_ID_LENGTH) {
    return refuse(`${at}.elicitationId is longer than ${MAX_ELICITATION_ID_LENGTH} characters`);
  }
  const analysed = analyse(url, options, at);
  if (!analysed.ok) return analysed;
  return { ok: true, value: { mode: 'url', message, flowId: elicitationId, url: analysed.value } };
}

/** A 2026 URL input request: the URL alone, named by its input-request key (M-17). */
function parseUrlInputRequest(
  params: Record<string, unknown>,
  message: string,
  key: string,
  options: Pick<ParseOptions, 'allowInsecureHttp'>,
  at: string,
): ParseResult<ParsedUrlElicitation> {
  const analysed = analyse(params.url, options, at);
  if (!analysed.ok) return analysed;
  return { ok: true, value: { mode: 'url', message, flowId: key, url: analysed.value } };
}

function analyse(
  url: unknown,
  options: Pick<ParseOptions, 'allowInsecureHttp'>,
  at: string,
): ParseResult<AllowedUrlAnalysis> {
  if (typeof url !== 'string') return refuse(`${at}.url must be a string`);
  const analysis = analyzeUrl(url, { allowInsecureHttp: options.allowInsecureHttp });
  if (!analysis.allowed) {
    const { blockReason, blockMessage } = analysis;
    return {
      ok: false,
      problem: { message: `${at}.url was refused: ${blockReason} (${blockMessage})`, blockReason },
    };
  }
  return { ok: true, value: analysis };
}

function refuse(message: string): { ok: false; problem: RequestProblem } {
  return { ok: false, problem: { message } };
}

/** An issue path appended to a spot in the request: `.properties.age.minimum`, `["a.b"]`, or nothing for []. */
function pathSuffix(path: Issue['path']): string {
  const text = formatIssuePath(path);
  return text === '' || text.startsWith('[') ? text : `.${text}`;
}
