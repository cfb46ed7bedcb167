import type {
  AllowedUrlAnalysis,
  ContentIssue,
  ElicitContent,
  FormField,
  RequestedSchema,
} from '@elicitkit/core';
import type { FormPrompt, Requester, UrlPrompt } from '../ui.js';

/**
 * Issue 27: a question as it crosses the network from the agent's server to the person's page. A prompt carries
 * functions and a signal and stays in the agent's process; a question is plain JSON: what to show (every text already
 * sanitized by the host pipeline, E-44) and, for a form, the schema the answer is checked against again on the server.
 */
export type Question = FormQuestion | UrlQuestion;

/** Where a question goes: the person the agent acts for, and optionally one conversation of theirs. */
export interface QuestionAddress {
  /** Who answers: the app's name for the signed-in person (`authenticate` returns the same name). */
  principal: string;
  /** A conversation, thread or chat of that person's, for pages that show one at a time. */
  conversation?: string;
  /**
   * The call asking (`relay.call` sets it): the same call picked up again after a restart finds the questions it asked
   * before, still pending or answered, instead of asking the person twice.
   */
  call?: string;
}

interface QuestionBase extends QuestionAddress {
  /** Random, unguessable; names the question in the answer endpoint. */
  id: string;
  requester: Requester;
  /** The server's message, sanitized (newlines kept). */
  message: string;
  /** When it was asked, ms since the epoch (the relay's clock). */
  askedAt: number;
  /** After this it is withdrawn, answered or not. */
  expiresAt: number;
  /** With `call`: names what is asked (the call, the input request, the text), so a resumed call finds it again. */
  resumeKey?: string;
}

/** A form to fill in, as a page renders it. */
export interface FormQuestion extends QuestionBase {
  kind: 'form';
  fields: FormField[];
  initial: Partial<ElicitContent>;
  /** What the answer is checked against (again, on the server): see `FormPrompt.requestedSchema`. */
  requestedSchema: RequestedSchema;
  /** Why the previous answer to the same form was refused, when this asks again (E-59). */
  issues?: ContentIssue[];
}

/** A URL to consent to opening, as a page shows it. */
export interface UrlQuestion extends QuestionBase {
  kind: 'url';
  /** The analyzed URL: show `display.full` (E-52), and open `href` on consent, in the person's own browser. */
  url: AllowedUrlAnalysis;
}

/** How a question ended: answered (once), or withdrawn (its call ended, was cancelled, or it expired). */
export type QuestionStatus = 'pending' | 'answered' | 'withdrawn';

/** The person's answer as the page sends it. */
export type QuestionAnswer =
  | { action: 'submit'; content: Record<string, unknown> }
  | { action: 'consent' }
  | { action: 'decline' }
  | { action: 'cancel' };

/** The serializable question of a form prompt. */
export function formQuestion(
  prompt: FormPrompt,
  base: Omit<QuestionBase, 'requester' | 'message'>,
): FormQuestion {
  return {
    ...base,
    kind: 'form',
    requester: prompt.requester,
    message: prompt.message,
    fields: prompt.fields,
    initial: prompt.initial,
    requestedSchema: prompt.requestedSchema,
    ...(prompt.issues && { issues: prompt.issues }),
  };
}

/** The serializable question of a URL consent prompt. */
export function urlQuestion(
  prompt: UrlPrompt,
  base: Omit<QuestionBase, 'requester' | 'message'>,
): UrlQuestion {
  return { ...base, kind: 'url', requester: prompt.requester, message: prompt.message, url: prompt.url };
}
