// The demo's agent host page (issue 27): the MCP client is on the server; this page only shows its questions (through
// the relay, with @elicitkit/web) and each call's outcome. No MCP client in the page at all.
import { sanitizeForDisplay } from '@elicitkit/core';
import { webUI } from '@elicitkit/web';
import { connectRelay, type LinkedQuestionStatus } from '@elicitkit/web/relay';

const tools = document.getElementById('tools') as HTMLUListElement;
const outcomes = document.getElementById('outcomes') as HTMLOListElement;

/** Server text goes in as text only, sanitized (E-56). */
const safe = (text: string, maxLength = 500) => sanitizeForDisplay(text, { allowNewlines: true, maxLength });

// An answer link (from email or chat) shows just its question: another person's, or one already answered, never shows;
// the page says what happened to it instead.
const LINKED: Record<LinkedQuestionStatus, string> = {
  answered: 'You have answered this question already. Nothing more is needed here.',
  expired: 'This question expired before it was answered.',
  withdrawn: 'This question was withdrawn: the call that asked it has ended.',
  'not-found': 'This question was not found. The link may be wrong, or it may be for someone else.',
};
const question = new URLSearchParams(location.search).get('question') ?? undefined;
const linkNote = document.getElementById('link-note') as HTMLDivElement;
connectRelay({
  ui: webUI(),
  ...(question && {
    question,
    onLinkedQuestion: (status: LinkedQuestionStatus) => {
      (document.getElementById('link-text') as HTMLParagraphElement).textContent = LINKED[status];
      linkNote.dataset.status = status;
    },
  }),
});
linkNote.hidden = question === undefined;

/** Asks the server to make the call; its outcome comes back through `followOutcomes`, in this tab and every other. */
async function call(tool: string): Promise<void> {
  await fetch('/agent/call', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tool }),
  });
}

/** Shows the person's call outcomes as they come (the server holds each request until there is a new one). */
async function followOutcomes(): Promise<void> {
  let last = 0;
  for (;;) {
    try {
      const response = await fetch(`/agent/outcomes?after=${last}`);
      const { outcomes: fresh } = (await response.json()) as {
        outcomes: { seq: number; tool: string; text: string }[];
      };
      for (const outcome of fresh) {
        last = Math.max(last, outcome.seq);
        const item = document.createElement('li');
        item.dataset.tool = outcome.tool;
        item.textContent = `${outcome.tool}: ${safe(outcome.text)}`;
        // Newest first, at the top of the page: what the person just answered ends in view (and is announced).
        outcomes.prepend(item);
        (document.getElementById('no-outcomes') as HTMLParagraphElement).hidden = true;
      }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the server is away: try again shortly
    }
  }
}

const response = await fetch('/agent/tools');
const { user, tools: listed } = (await response.json()) as {
  user: string;
  tools: { name: string; description: string }[];
};
(document.getElementById('signed-in') as HTMLParagraphElement).textContent = `Signed in as ${safe(user, 64)}`;
for (const tool of listed) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `Call ${safe(tool.name, 64)}`;
  button.addEventListener('click', () => void call(tool.name));
  const description = document.createElement('span');
  description.textContent = ` ${safe(tool.description, 200)}`;
  item.append(button, description);
  tools.append(item);
}
document.body.dataset.ready = 'true';
void followOutcomes();
