import type { Result, ServerContext } from '@modelcontextprotocol/server';
import type { FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import type { HandlerContext } from '../sdk/seam.js';
import type { FallbackReason, FormFallback } from './fallback-types.js';
import { hostInScope } from './host-info.js';
import type { RunExit, RunExtension } from './run-extension.js';
import { logHintOnce, type RequestScope, scopeOf } from './scope.js';
import type { UrlElicitationRequest, UrlFlows } from './url-flows.js';

/**
 * Control flow, not an error: thrown out of `elicitForm` once the link is offered, to end the tool's run. The call is
 * answered with the link whatever the handler does with it (`scope.offered`), so it is neither exported nor an
 * `ElicitkitError`; a handler that catches errors around `elicitForm` should rethrow it.
 */
export class FallbackOffered extends Error {
  constructor() {
    super(
      'elicitkit: this call ends with a link where the person answers in the browser (the host cannot show forms); ' +
        'made again, it finds the answer. If you catch errors around elicitForm, rethrow this one.',
    );
    this.name = 'FallbackOffered';
  }
}

/** Delivers `request` through the fallback: the answer read as the host's would be, or the run ended with the link. */
export async function deliverByFallback<Data>(
  ctx: HandlerContext,
  scope: RequestScope & { policy: { fallback: FormFallback } },
  request: FormRequest<Data>,
  why: FallbackReason,
): Promise<FormResult<Data>> {
  const call = {
    tool: String(scope.request?.params?.name ?? ''),
    arguments: scope.request?.params?.arguments,
    hint: (line: string) => logHintOnce(scope.policy, line),
  };
  const outcome = await scope.policy.fallback.deliver(ctx, call, request as FormRequest<unknown>, why);
  if ('answered' in outcome) return request.readResult(outcome.answered);
  scope.offered = outcome.offered;
  throw new FallbackOffered();
}

/** Whether the host is one the fallback's policy lists as dropping forms (by its `clientInfo`). */
export function isListedHost(scope: RequestScope & { policy: { fallback: FormFallback } }): boolean {
  const hosts = scope.policy.fallback.policy?.hosts;
  if (!hosts?.length) return false;
  const info = hostInScope(scope);
  const { name, version = '' } = info;
  if (name === undefined) return false;
  return hosts.some(
    (host) =>
      host.name === name &&
      (host.versions === undefined ||
        host.versions.some((v) => v === version || (v.endsWith('.') && version.startsWith(v)))),
  );
}

/** Where the fallback applies: a tool call (a prompt or a resource has no "make the call again"). */
export function fallbackApplies(
  scope: RequestScope,
): scope is RequestScope & { policy: { fallback: FormFallback } } {
  return scope.policy.fallback !== undefined && scope.request?.method === 'tools/call';
}

/** The result a run ends with when its form went through the browser: the link, instead of the handler's error. */
export function offeredResult(ctx: HandlerContext): Result | undefined {
  return scopeOf(ctx).offered;
}

/** The round runner's side (SDK v2, both eras): a run that offered the link is answered with it. */
export const fallbackExtension: RunExtension = {
  capture() {},
  enter(): RunExit {
    return (_method, _request, ctx: ServerContext) => {
      const offered = offeredResult(ctx);
      return offered ? Promise.resolve(offered) : undefined;
    };
  },
};

/**
 * `url.require` for a host without URL mode, the fallback on: the flows are created as for a `-32042`, bound to the
 * verified user, and the run ends with a result that gives their links in words; the call made again finds what the
 * pages did. Never a URL request to a host that did not declare URL mode (E-09).
 */
export async function offerUrlFlows(
  ctx: HandlerContext,
  scope: RequestScope,
  flows: UrlFlows,
  list: readonly UrlElicitationRequest[],
  message: string | undefined,
): Promise<never> {
  for (const request of list) flows.check(request);
  const links: string[] = [];
  for (const request of list) links.push((await flows.create(ctx, request)).url);
  const tool = String(scope.request?.params?.name ?? 'the tool');
  const text =
    `${message ?? list.map((request) => request.message).join(' ')} The app you are using cannot open it for you: open ` +
    `${links.length === 1 ? 'this link' : 'these links'} in your browser and finish there: ${links.join(' ')}\n` +
    `Then ask for ${tool} to be called again with the same arguments. Each link is for you alone; what you enter ` +
    'there goes to the server directly, never through this conversation.';
  scope.offered = { content: [{ type: 'text', text }] };
  throw new FallbackOffered();
}
