import type { Result } from '@modelcontextprotocol/server';
import type { FormRequest } from '../form/form-request.js';
import type { ElicitResultLike } from '../form/read-answer.js';
import type { HandlerContext } from '../sdk/seam.js';

/**
 * The fourth delivery beside the 2025 push, the 2026-07-28 round and the task (issue 37): a form the host cannot show
 * is answered in the browser, behind a link the tool call's result gives, and the call made again finds the answer.
 * URL mode implements it (`urlMode.formFallback`, `@elicitkit/server/url`); `enableElicitation({ fallback })` plugs it
 * in.
 */
export interface FormFallback {
  /**
   * For a form the host of `call` cannot be asked (`why`): the answer this person gave in the browser for this very
   * call (same tool, same arguments, same form), used once; else the tool result that gives them the link.
   */
  deliver(
    ctx: HandlerContext,
    call: FallbackCall,
    request: FormRequest<unknown>,
    why: FallbackReason,
  ): Promise<FallbackOutcome>;
}

/** The tool call a fallback serves, and where hints for the server's author go. */
export interface FallbackCall {
  tool: string;
  arguments: unknown;
  /** Writes a hint for the server's author once (`enableElicitation`'s `log`). */
  hint(line: string): void;
}

/** Why a form goes through the browser: the host declared no form mode, or cannot be sent a request at all. */
export type FallbackReason = 'mode-not-declared' | 'no-back-channel';

export type FallbackOutcome = { answered: ElicitResultLike } | { offered: Result };
