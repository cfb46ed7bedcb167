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
  /** When else to fall back, for hosts that declare forms and do not show them (opt-in; never on a person's answer). */
  readonly policy?: FallbackPolicy;
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

/**
 * Why a form goes through the browser: the host declared no form mode, or cannot be sent a request at all; or (opt-in,
 * `FallbackPolicy`) it declined faster than a person could read, or it is a host known to drop forms.
 */
export type FallbackReason = 'mode-not-declared' | 'no-back-channel' | 'fast-decline' | 'listed-host';

/** Opt-in: fall back also for hosts that declare form mode and answer with nobody there. */
export interface FallbackPolicy {
  /**
   * A decline that comes back within this many ms of sending the form (2025 sessions, where the wait is seen) is taken
   * as the host's, not a person's: nobody reads a form and decides that fast. 1000 is a cautious value; a real person's
   * decline always takes longer, and is never overridden. Off by default.
   */
  declinedWithinMs?: number;
  /**
   * Hosts known to declare form mode and never show forms, by `clientInfo` from `initialize`: `name` exactly, and
   * `versions` exactly or as a prefix ending in `.` (`'1.2.'`); no `versions` means every version. Their forms go
   * through the browser without being sent.
   */
  hosts?: readonly { name: string; versions?: readonly string[] }[];
}

/** What a `FormFallback` gives: this call's answer, or the result that offers the person the link. */
export type FallbackOutcome = { answered: ElicitResultLike } | { offered: Result };
