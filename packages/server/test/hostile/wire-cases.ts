import type { Ending, WireCase } from './corpus.js';

/**
 * JSON-RPC faults around the answer: error responses, malformed envelopes, wrong ids, duplicates, floods.
 * 2025-11-25 only (2026 has no server-to-client request ids; its own faults are listed in corpus-2026.test.ts).
 */

const json = (value: unknown) => JSON.stringify(value);
const failed: Ending = { error: 'elicitation-failed' };
const ignored: Ending = { ignored: true };
const response = (id: unknown, result: string) => `{"jsonrpc":"2.0","id":${json(id)},"result":${result}}`;
const errorResponse = (id: unknown, error: string) => `{"jsonrpc":"2.0","id":${json(id)},"error":${error}}`;
const GOOD = '{"action":"accept","content":{"name":"Ada"}}';
const BAD = '{"action":"accept","content":{"name":42}}';
const good: Ending = { outcome: { action: 'accept', data: { name: 'Ada' } } };

export const wireCases: readonly WireCase[] = [
  {
    name: 'an error response',
    replies: (id) => [errorResponse(id, '{"code":-32603,"message":"boom"}')],
    ending: failed,
  },
  {
    name: 'an error response with a 1 MB message',
    replies: (id) => [errorResponse(id, json({ code: -1, message: 'm'.repeat(1_000_000) }))],
    ending: failed,
  },
  {
    name: 'an error response claiming -32042',
    replies: (id) => [
      errorResponse(id, '{"code":-32042,"message":"URL elicitation required","data":{"elicitations":[]}}'),
    ],
    ending: failed,
  },
  {
    name: 'an error whose code is a string',
    replies: (id) => [errorResponse(id, '{"code":"x","message":"m"}')],
    ending: ignored,
  },
  {
    name: 'both result and error',
    replies: (id) => [`{"jsonrpc":"2.0","id":${id},"result":${GOOD},"error":{"code":1,"message":"m"}}`],
    ending: ignored,
  },
  { name: 'no jsonrpc member', replies: (id) => [`{"id":${id},"result":${GOOD}}`], ending: ignored },
  {
    name: 'jsonrpc "1.0"',
    replies: (id) => [`{"jsonrpc":"1.0","id":${id},"result":${GOOD}}`],
    ending: ignored,
  },
  { name: 'no id', replies: () => [`{"jsonrpc":"2.0","result":${GOOD}}`], ending: ignored },
  { name: 'a null id', replies: () => [response(null, GOOD)], ending: ignored },
  { name: 'an unknown id', replies: (id) => [response(id + 1000, GOOD)], ending: ignored },
  { name: 'a negative id', replies: (id) => [response(-id, GOOD)], ending: ignored },
  { name: 'a fractional id', replies: (id) => [response(id + 0.5, GOOD)], ending: ignored },
  { name: 'an object id', replies: (id) => [response({ id }, GOOD)], ending: ignored },
  { name: 'an unknown string id', replies: () => [response('elicitation', GOOD)], ending: ignored },
  {
    name: 'a duplicate valid answer: the first one counts',
    replies: (id) => [response(id, GOOD), response(id, BAD)],
    ending: good,
  },
  {
    name: 'an invalid answer then a valid one: the first one counts',
    replies: (id) => [response(id, BAD), response(id, GOOD)],
    ending: { error: 'invalid-answer', issue: 'type' },
  },
  {
    name: 'a decline then an accept: the decline counts',
    replies: (id) => [response(id, '{"action":"decline"}'), response(id, GOOD)],
    ending: { outcome: { action: 'decline' } },
  },
  {
    name: '10,000 answers to unknown ids, then the real one',
    replies: (id) => [
      ...Array.from({ length: 10_000 }, (_, i) => response(id + 1 + i, BAD)),
      response(id, GOOD),
    ],
    ending: good,
  },
  {
    name: '1,000 copies of the real answer',
    replies: (id) => Array.from({ length: 1000 }, () => response(id, GOOD)),
    ending: good,
  },
  {
    name: '1,000 unknown notifications, then the real answer',
    replies: (id) => [
      ...Array.from(
        { length: 1000 },
        (_, i) => `{"jsonrpc":"2.0","method":"notifications/x${i}","params":{"__proto__":{"polluted":true}}}`,
      ),
      response(id, GOOD),
    ],
    ending: good,
  },
  {
    name: 'forged completion and cancellation notices, then the real answer',
    replies: (id) => [
      `{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"x"}}`,
      `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id + 1000}}}`,
      response(id, GOOD),
    ],
    ending: good,
  },
  {
    name: '1,000 requests for unknown methods, then the real answer',
    replies: (id) => [
      ...Array.from(
        { length: 1000 },
        (_, i) => `{"jsonrpc":"2.0","id":"c${i}","method":"elicitation/create","params":{}}`,
      ),
      response(id, GOOD),
    ],
    ending: good,
  },
];
