/**
 * The hostile-host corpus, server side: answers to an elicitation that a broken or malicious client could
 * send, each with the only acceptable ending. Data, not code, so that each era replays the same table:
 *   - 2025-11-25 (corpus-2025.test.ts): `result` is written as the JSON-RPC result of `elicitation/create`;
 *   - 2026-07-28 (corpus-2026.test.ts): `result` becomes the `inputResponses` entry of a retried tools/call.
 * `wireCases` (wire-cases.ts) are about JSON-RPC itself (ids, duplicates, floods, error responses) and exist on 2025 only;
 * 2026 has its own wire faults (forged, foreign, expired and replayed `requestState`, hostile `inputResponses` maps,
 * retry floods): `wireCases2026` in wire-cases-2026.ts.
 *
 * Every `result` is JSON text, parsed the way a transport parses it, so `__proto__` arrives as an own key.
 */

/** How a case must end. Nothing else is acceptable: no crash, no hang, no tool running on bad data. */
export type Ending =
  /** A typed error from elicitForm, naming the issue when there is one. */
  | { error: 'invalid-answer'; issue: string }
  | { error: 'elicitation-failed' }
  /** The answer was not an answer: the elicitation stayed pending and the next valid answer (a cancel) ended it. */
  | { ignored: true }
  /** A refusal, whatever came with it. */
  | { outcome: { action: 'decline' } | { action: 'cancel' } }
  /** Well-formed data in a sloppy envelope (extra keys): the tool gets exactly this, checked. */
  | { outcome: { action: 'accept'; data: Record<string, unknown> } }
  /** URL mode: accept is consent only; whatever came with it is dropped and the flow stays pending (E-16). */
  | { url: 'pending' }
  /** URL mode: a refusal ends the flow; its URL stops working. */
  | { url: 'withdrawn'; action: 'decline' | 'cancel' };

export interface AnswerCase {
  name: string;
  /** Form mode asks {@link CORPUS_FORM}; URL mode a secret page. */
  mode: 'form' | 'url';
  /** The client's `ElicitResult`, as JSON text. */
  result: string;
  ending: Ending;
  /** Where the 2026-07-28 ending differs from the rule in corpus-2026.test.ts (`ending2026`), and why. */
  ending2026?: Ending;
}

export interface WireCase {
  name: string;
  /** Everything the client writes back for the elicitation request `id`, in order, as JSON text. */
  replies(id: number): string[];
  ending: Ending;
}

/** The form every form case answers (see corpus-2025.test.ts, which builds it with the field builders). */
export const CORPUS_FORM_FIELDS = {
  name: 'text, required, maxLength 50',
  age: 'integer 0..150, optional',
  score: 'number, optional',
  email: 'email, optional',
  born: 'date, optional',
  agree: 'boolean, optional',
  color: "choice 'red' | 'green', optional",
  tags: "multiChoice 'a' | 'b' | 'c', at most 2, optional",
} as const;

const json = (value: unknown) => JSON.stringify(value);
const accept = (content: string) => `{"action":"accept","content":${content}}`;
const acceptWith = (fields: Record<string, unknown>) => json({ action: 'accept', content: fields });
const invalid = (issue: string): Ending => ({ error: 'invalid-answer', issue });
const failed: Ending = { error: 'elicitation-failed' };
const ignored: Ending = { ignored: true };
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

// 1. The result itself is not an object: the SDK does not take it for a response, so the request stays pending.
const notAnObject: AnswerCase[] = [
  ['null', 'null'],
  ['an array', '[{"action":"accept","content":{"name":"Ada"}}]'],
  ['a string', '"accept"'],
  ['a number', '1'],
  ['true', 'true'],
].map(([what, result]) => ({ name: `result is ${what}`, mode: 'form', result: result!, ending: ignored }));

// 2. Actions that are not exactly accept, decline or cancel (E-27).
const badActions: AnswerCase[] = [
  ['missing', '{"content":{"name":"Ada"}}'],
  ['empty', '{"action":"","content":{"name":"Ada"}}'],
  ['upper case', '{"action":"ACCEPT","content":{"name":"Ada"}}'],
  ['capitalized', '{"action":"Accept","content":{"name":"Ada"}}'],
  ['padded', '{"action":" accept ","content":{"name":"Ada"}}'],
  ['with a NUL', '{"action":"accept\\u0000","content":{"name":"Ada"}}'],
  ['look-alike (Cyrillic a)', '{"action":"\u0430ccept","content":{"name":"Ada"}}'],
  ['approve', '{"action":"approve","content":{"name":"Ada"}}'],
  ['submit', '{"action":"submit","content":{"name":"Ada"}}'],
  ['null', '{"action":null,"content":{"name":"Ada"}}'],
  ['a number', '{"action":1,"content":{"name":"Ada"}}'],
  ['true', '{"action":true,"content":{"name":"Ada"}}'],
  ['an array', '{"action":["accept"],"content":{"name":"Ada"}}'],
  ['an object', '{"action":{"toString":"accept"},"content":{"name":"Ada"}}'],
  ['only inside __proto__', '{"__proto__":{"action":"accept"},"content":{"name":"Ada"}}'],
  ['only inside constructor', '{"constructor":{"action":"accept"},"content":{"name":"Ada"}}'],
  ['huge', json({ action: 'a'.repeat(1_000_000), content: { name: 'Ada' } })],
].map(([what, result]) => ({ name: `action ${what}`, mode: 'form', result: result!, ending: failed }));

// 3. Refusals carrying content: the content is dropped, never read (E-27).
const refusalsWithContent: AnswerCase[] = (['decline', 'cancel'] as const).flatMap((action) =>
  [
    ['a valid form', '{"name":"Ada"}'],
    ['an invalid form', '{"name":{"evil":true}}'],
    ['a string', '"junk"'],
    ['null', 'null'],
    ['a __proto__ key', '{"__proto__":{"polluted":true}}'],
    ['a huge string', json({ name: 'x'.repeat(2_000_000) })],
  ].map(([what, content]) => ({
    name: `${action} with ${what}`,
    mode: 'form' as const,
    result: `{"action":"${action}","content":${content}}`,
    ending: { outcome: { action } },
  })),
);

// 4. Accept whose content is not an object of fields (E-60).
const contentShapes: AnswerCase[] = [
  ['missing', '{"action":"accept"}', invalid('required')],
  // 2026: the server reads the raw entry (M-09), where a null content is not an object; the SDK's 2025 result
  // schema treats it as no content. Typed on both, and never accepted.
  ['null', accept('null'), invalid('required'), invalid('not-an-object')],
  ['an empty object', accept('{}'), invalid('required')],
  ['an array', accept('["Ada"]'), invalid('not-an-object')],
  ['a string', accept('"Ada"'), invalid('not-an-object')],
  ['a number', accept('42'), invalid('not-an-object')],
  ['false', accept('false'), invalid('not-an-object')],
  ['an array of entries', accept('[["name","Ada"]]'), invalid('not-an-object')],
].map(([what, result, ending, ending2026]) => ({
  name: `accept content ${what}`,
  mode: 'form',
  result: result as string,
  ending: ending as Ending,
  ...(ending2026 && { ending2026: ending2026 as Ending }),
}));

// 5. Each field answered with the wrong type or out of its bounds (E-60).
const fieldValues: AnswerCase[] = (
  [
    ['name', 42, 'type'],
    ['name', true, 'type'],
    ['name', null, 'type'],
    ['name', ['Ada'], 'type'],
    ['name', { first: 'Ada' }, 'type'],
    ['name', 'x'.repeat(51), 'too-long'],
    ['age', '36', 'type'],
    ['age', 1.5, 'not-integer'],
    ['age', -1, 'minimum'],
    ['age', 151, 'maximum'],
    ['age', 1e308, 'maximum'],
    ['age', true, 'type'],
    ['age', [36], 'type'],
    ['score', '9.5', 'type'],
    ['score', false, 'type'],
    ['score', { value: 1 }, 'type'],
    ['email', 'not-an-email', 'format'],
    ['email', 'ada@', 'format'],
    ['email', 7, 'type'],
    ['born', '2024-13-45', 'format'],
    ['born', 'yesterday', 'format'],
    ['born', 20240101, 'type'],
    ['agree', 'true', 'type'],
    ['agree', 1, 'type'],
    ['agree', null, 'type'],
    ['color', 'blue', 'not-in-enum'],
    ['color', 'RED', 'not-in-enum'],
    ['color', 0, 'type'],
    ['color', ['red'], 'type'],
    ['tags', 'a', 'type'],
    ['tags', ['z'], 'not-in-enum'],
    ['tags', ['a', 'a'], 'duplicate-items'],
    ['tags', ['a', 'b', 'c'], 'too-many-items'],
    ['tags', [1], 'type'],
    ['tags', [null], 'type'],
    ['tags', [['a']], 'type'],
    ['tags', { 0: 'a' }, 'type'],
  ] as const
).map(([field, value, issue]) => ({
  name: `${field} = ${json(value).slice(0, 40)}`,
  mode: 'form',
  result: acceptWith({ name: 'Ada', [field]: value }),
  ending: invalid(issue),
}));

// 6. Sizes and depth: bounded work, a typed error, and a server that goes on (E-60, limits).
const sizes: AnswerCase[] = [
  ['a 1 MB name', acceptWith({ name: 'x'.repeat(1_000_000) }), invalid('too-long')],
  ['a 16 MB name', acceptWith({ name: 'x'.repeat(16_000_000) }), invalid('too-long')],
  ['100,000 tags', acceptWith({ name: 'Ada', tags: Array(100_000).fill('a') }), invalid('too-many-items')],
  [
    '10,000 extra properties',
    acceptWith({
      name: 'Ada',
      ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
    }),
    invalid('unknown-property'),
  ],
  [
    'a 1 MB property name',
    acceptWith({ name: 'Ada', ['k'.repeat(1_000_000)]: 1 }),
    invalid('unknown-property'),
  ],
  [
    'a property name of ANSI, bidi and NUL controls',
    accept('{"name":"Ada","\\u001b[2J\\u202eevil\\u0000":1}'),
    invalid('unknown-property'),
  ],
  ['a name nested 100,000 arrays deep', accept(`{"name":${nested(100_000)}}`), invalid('type')],
  ['a name nested 100,000 objects deep', accept(`{"name":${deepObject(100_000)}}`), invalid('type')],
  [
    'an extra property nested 100,000 deep',
    accept(`{"name":"Ada","x":${nested(100_000)}}`),
    invalid('unknown-property'),
  ],
  ['content nested 100,000 deep', accept(deepObject(100_000)), invalid('unknown-property')],
  [
    'tags of 10,000 huge strings',
    acceptWith({ name: 'Ada', tags: Array(10_000).fill('a'.repeat(1000)) }),
    invalid('too-many-items'),
  ],
].map(([what, result, ending]) => ({
  name: what as string,
  mode: 'form',
  result: result as string,
  ending: ending as Ending,
}));

// 7. Keys that name Object.prototype's machinery: data only, never a way in (E-60).
const prototypeKeys: AnswerCase[] = [
  [
    '__proto__ beside name',
    accept('{"name":"Ada","__proto__":{"polluted":true}}'),
    invalid('unknown-property'),
  ],
  ['only __proto__ holding name', accept('{"__proto__":{"name":"Ada"}}'), invalid('required')],
  [
    'constructor.prototype',
    accept('{"name":"Ada","constructor":{"prototype":{"polluted":true}}}'),
    invalid('unknown-property'),
  ],
  ['prototype', accept('{"name":"Ada","prototype":{"polluted":true}}'), invalid('unknown-property')],
  ['hasOwnProperty', accept('{"name":"Ada","hasOwnProperty":"yes"}'), invalid('unknown-property')],
  ['toString', accept('{"name":"Ada","toString":"x"}'), invalid('unknown-property')],
  ['valueOf', accept('{"name":"Ada","valueOf":1}'), invalid('unknown-property')],
  ['__defineGetter__', accept('{"name":"Ada","__defineGetter__":1}'), invalid('unknown-property')],
  ['__proto__ inside a field value', accept('{"name":{"__proto__":{"polluted":true}}}'), invalid('type')],
  [
    '__proto__ inside tags',
    accept('{"name":"Ada","tags":[{"__proto__":{"polluted":true}}]}'),
    invalid('type'),
  ],
  [
    '__proto__ as the action holder and content',
    '{"__proto__":{"action":"accept","content":{"name":"Ada"}}}',
    failed,
  ],
].map(([what, result, ending]) => ({
  name: `key ${what}`,
  mode: 'form',
  result: result as string,
  ending: ending as Ending,
}));

// 8. A valid answer in a sloppy envelope: extra top-level keys are ignored, the data is checked and exact.
const envelopes: AnswerCase[] = [
  ['_meta junk', '{"action":"accept","content":{"name":"Ada"},"_meta":{"x":"\\u001b[31m"}}'],
  ['an unknown top-level key', '{"action":"accept","content":{"name":"Ada"},"data":{"name":"Eve"}}'],
  ['a top-level isAdmin', '{"action":"accept","content":{"name":"Ada"},"isAdmin":true}'],
  [
    'a duplicate action key (last wins in JSON.parse)',
    '{"action":"decline","action":"accept","content":{"name":"Ada"}}',
  ],
  [
    'a duplicate content key (last wins)',
    '{"action":"accept","content":{"name":{"x":1}},"content":{"name":"Ada"}}',
  ],
].map(([what, result]) => ({
  name: `envelope with ${what}`,
  mode: 'form',
  result: result!,
  ending: { outcome: { action: 'accept', data: { name: 'Ada' } } },
}));

// 9. URL mode: accept is consent, never data (E-16); refusals withdraw the URL; junk is refused.
const urlAnswers: AnswerCase[] = [
  ['accept with content', '{"action":"accept","content":{"apiKey":"sk-live-123"}}', { url: 'pending' }],
  ['accept with empty content', '{"action":"accept","content":{}}', { url: 'pending' }],
  [
    'accept with a __proto__ content',
    '{"action":"accept","content":{"__proto__":{"polluted":true}}}',
    { url: 'pending' },
  ],
  [
    'accept with an elicitationId of its own',
    '{"action":"accept","elicitationId":"forged"}',
    { url: 'pending' },
  ],
  // 2026: only the action of a URL answer is read (M-09, E-16), so the junk content is never parsed and the
  // accept is consent; on 2025 the SDK's result schema refuses the whole reply.
  ['accept with content a string', '{"action":"accept","content":"done"}', failed, { url: 'pending' }],
  [
    'accept with content nested deep',
    `{"action":"accept","content":{"a":${deepObject(1000)}}}`,
    failed,
    { url: 'pending' },
  ],
  [
    'decline with content',
    '{"action":"decline","content":{"apiKey":"x"}}',
    { url: 'withdrawn', action: 'decline' },
  ],
  ['cancel', '{"action":"cancel"}', { url: 'withdrawn', action: 'cancel' }],
  ['an unknown action', '{"action":"complete"}', failed],
  ['no action', '{"content":{"apiKey":"x"}}', failed],
  ['a null result', 'null', ignored],
].map(([what, result, ending, ending2026]) => ({
  name: `url: ${what}`,
  mode: 'url',
  result: result as string,
  ending: ending as Ending,
  ...(ending2026 && { ending2026: ending2026 as Ending }),
}));

export const answerCases: readonly AnswerCase[] = [
  ...notAnObject,
  ...badActions,
  ...refusalsWithContent,
  ...contentShapes,
  ...fieldValues,
  ...sizes,
  ...prototypeKeys,
  ...envelopes,
  ...urlAnswers,
];
