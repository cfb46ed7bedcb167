import type { ElicitationUI, HostNoticeCode, Requester } from '../ui.js';

/** What a flow needs to put one prompt in front of the user. */
export interface PromptContext {
  ui: ElicitationUI;
  requester: Requester;
  promptId: string;
  /** Fires when the server cancels the request or the connection drops. */
  signal: AbortSignal;
  /** Tells the UI something that needs no answer; `message` must already be safe to print. */
  notify(code: HostNoticeCode, message: string): void;
}
