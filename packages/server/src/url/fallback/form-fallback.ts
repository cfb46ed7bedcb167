import { PeerError } from '@elicitkit/core';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type {
  FallbackCall,
  FallbackOutcome,
  FallbackPolicy,
  FallbackReason,
  FormFallback,
} from '../../delivery/fallback-types.js';
import { modeNotDeclaredError } from '../../errors.js';
import type { FormRequest } from '../../form/form-request.js';
import { requestAuth } from '../../sdk/context.js';
import type { HandlerContext } from '../../sdk/seam.js';
import { taskCancelSignal } from '../../tasks/long-running.js';
import { taskScopeOf } from '../../tasks/scope.js';
import { reportStatus } from '../../tasks/status.js';
import { UrlErrorCode } from '../errors.js';
import { FALLBACK_CONNECTION_PREFIX } from '../flow/connections.js';
import type { UrlElicitationService } from '../flow/service.js';
import { resolveIdentity } from '../identity/resolver.js';
import { mintElicitationId } from '../ids.js';
import { logRef } from '../log.js';
import { elicitationUrl } from '../public-url.js';
import type { ElicitationRecord } from '../store/types.js';
import type { Vault } from '../vault/vault.js';
import { FALLBACK_FORM_KIND } from './form-kind.js';
import { answerEntryName, callKey, type FallbackEntry, parseEntry } from './records.js';

/** Open fallback links one person may have at once, in this process: each is a stored flow a caller makes us keep. */
export const DEFAULT_MAX_OPEN_FALLBACKS = 20;

/** Why the call starts over rather than finding an answer, said in the result. */
type StartOver = 'expired';

/**
 * URL mode's fallback for forms (issue 37), made by `createUrlMode({ formFallback: true })` and handed to
 * `enableElicitation({ fallback })`. Each call that needs a form its host cannot show gets one link per person, tool,
 * arguments and form, on this server's origin; the page (kind `elicitkit-form`) signs the person in, checks they are
 * the call's person, and keeps their answer encrypted; the call made again takes it once.
 */
export class UrlFormFallback implements FormFallback {
  readonly #service: UrlElicitationService;
  readonly #vault: Vault;
  readonly #maxOpen: number;
  readonly policy: FallbackPolicy;
  /** Per person, when each link this process offered stops working: the bound on open links. */
  readonly #open = new Map<string, number[]>();

  constructor(
    service: UrlElicitationService,
    vault: Vault,
    settings: { maxOpen?: number; policy?: FallbackPolicy } = {},
  ) {
    this.#service = service;
    this.#vault = vault;
    this.#maxOpen = settings.maxOpen ?? DEFAULT_MAX_OPEN_FALLBACKS;
    this.policy = settings.policy ?? {};
  }

  async deliver(
    ctx: HandlerContext,
    call: FallbackCall,
    request: FormRequest<unknown>,
    why: FallbackReason,
  ): Promise<FallbackOutcome> {
    const service = this.#service;
    await service.ready();
    const user = await resolveIdentity(service.identity, requestAuth(ctx));
    const tool = call.tool;
    const key = user === undefined ? undefined : callKey(user, tool, call.arguments, request);
    if (user === undefined || key === undefined) {
      // Nobody to bind an answer to (or arguments too large to bind): the refusal the host would have had.
      call.hint(
        'the form fallback needs a verified user (bearer authorization, or localIdentity) and tool arguments ' +
          'under 64 KiB; this call was refused as before',
      );
      throw modeNotDeclaredError('form');
    }
    const name = answerEntryName(key);
    const entry = parseEntry(await this.#vault.get(user, name));
    const record = entry && (await service.get(entry.id));
    const now = service.clock.now();
    const live = record !== undefined && record.expiresAt > now;
    if (entry?.answer && live) {
      // Used once: of two calls made at once, only the one whose delete took the entry gets the answer.
      if (await this.#vault.delete(user, name)) {
        service.logger.info('fallback.used', { elicitation: logRef(entry.id), user });
        return { answered: { action: 'accept', content: entry.answer } };
      }
    }
    const pending = entry !== undefined && !entry.answer && live && record?.status === 'pending';
    const flow = pending
      ? { id: record.id, validMs: record.expiresAt - now }
      : await this.#create(ctx, user, key, tool, request);
    // An entry found but not usable: its link expired (or its answer came too late to be kept).
    const url = elicitationUrl(service.publicBaseUrl, flow.id);
    const offered = offer(url, tool, why, flow.validMs, entry && !live ? 'expired' : undefined);
    if (!taskScopeOf(ctx)?.running) return { offered };
    // In a task (the host declared the Tasks extension): the task waits for the page, the link in its status.
    return this.#awaitInTask(ctx as ServerContext, user, name, flow.id, offered);
  }

  async #awaitInTask(
    ctx: ServerContext,
    user: string,
    name: string,
    id: string,
    offered: CallToolResult,
  ): Promise<FallbackOutcome> {
    const words = (offered.content[0] as { text: string }).text;
    await reportStatus(ctx, words.slice(0, words.indexOf('\nThen ask for')));
    const signal = taskCancelSignal(ctx);
    await this.#service.waitForCompletion(id, signal ? { signal } : {});
    const entry = parseEntry(await this.#vault.get(user, name));
    if (entry?.answer && (await this.#vault.delete(user, name))) {
      return { answered: { action: 'accept', content: entry.answer } };
    }
    throw new PeerError(
      UrlErrorCode.ElicitationExpired,
      'the answer given in the browser is gone (used, or expired)',
    );
  }

  async #create(ctx: HandlerContext, user: string, key: string, tool: string, request: FormRequest<unknown>) {
    const service = this.#service;
    const now = service.clock.now();
    const open = (this.#open.get(user) ?? []).filter((until) => until > now);
    if (open.length >= this.#maxOpen) {
      throw new PeerError(
        UrlErrorCode.TooManyFallbacks,
        `${open.length} answer links are open for this person already: answer one, or wait until they expire`,
      );
    }
    const { authInfo } = requestAuth(ctx);
    const id = mintElicitationId();
    const record: ElicitationRecord = {
      id,
      kind: FALLBACK_FORM_KIND,
      message: request.message,
      params: { schema: JSON.stringify(request.requestedSchema), key, tool },
      user,
      // No client is notified of its completion: the person makes the call again.
      client: { connectionId: `${FALLBACK_CONNECTION_PREFIX}${id}`, clientId: authInfo?.clientId ?? 'local' },
      status: 'pending',
      createdAt: now,
      expiresAt: now + service.ttlMs,
    };
    await service.store.create(record);
    const entry: FallbackEntry = { id };
    await this.#vault.put(user, answerEntryName(key), JSON.stringify(entry));
    open.push(record.expiresAt);
    this.#open.set(user, open);
    service.logger.info('fallback.offered', { elicitation: logRef(id), user, tool });
    return { id, validMs: service.ttlMs };
  }
}

/**
 * The tool result that gives the person the link: plain words the model passes on, the link on the server's own
 * origin, no secret in it and never the answer. The call is not an error: it asks the person for something.
 */
function offer(
  url: string,
  tool: string,
  why: FallbackReason,
  validMs: number,
  startOver?: StartOver,
): CallToolResult {
  const minutes = Math.max(1, Math.round(validMs / 60_000));
  const because = {
    'no-back-channel': 'this connection cannot carry a form to you',
    'mode-not-declared': 'the app you are using cannot show forms',
    'listed-host': 'the app you are using does not show forms',
    'fast-decline': 'the app you are using answered the form before anyone could read it',
  }[why];
  const again = startOver === 'expired' ? 'The earlier link expired, so this is a new one. ' : '';
  const text =
    `${again}To go on, ${tool} needs your answer to a form, and ${because}. Open this link in your browser, sign ` +
    `in, and answer there: ${url}\nThen ask for ${tool} to be called again with the same arguments: the call ` +
    `finds your answer and goes on. The link is for you alone, works once, and expires in ${minutes} minutes; your answer ` +
    'goes to the server directly, never through this conversation.';
  return { content: [{ type: 'text', text }] };
}
