import type { HandlerContext } from '../../src/index.js';
import {
  boolean,
  choice,
  date,
  elicitForm,
  email,
  integer,
  multiChoice,
  number,
  text,
} from '../../src/index.js';
import {
  createUrlMode,
  localIdentity,
  secretKind,
  type UrlElicitationConnection,
  type UrlModeOptions,
} from '../../src/url/index.js';
import { type ElicitationStore, MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';

/** URL mode for the corpus servers: a memory store, a vault with a fresh key, alice as the local user, no logs. */
export function corpusUrlMode(options: Pick<UrlModeOptions, 'holdMs'> = {}) {
  const store = new MemoryElicitationStore();
  const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) });
  const elicitations = createUrlMode({
    browserIdentity: () => undefined,
    store,
    publicBaseUrl: 'http://127.0.0.1:9/',
    identity: localIdentity('alice'),
    kinds: [secretKind({ vault })],
    logger: { info: () => {}, warn: () => {} },
    ...options,
  });
  return { store, elicitations };
}

/** The form every form case answers (CORPUS_FORM_FIELDS in corpus.ts), the same on both eras. */
export const corpusForm = (ctx: HandlerContext) =>
  elicitForm(ctx, {
    message: 'Tell us about you',
    schema: {
      name: text({ maxLength: 50 }),
      age: integer({ minimum: 0, maximum: 150 }).optional(),
      score: number().optional(),
      email: email().optional(),
      born: date().optional(),
      agree: boolean().optional(),
      color: choice(['red', 'green']).optional(),
      tags: multiChoice(['a', 'b', 'c'], { maxItems: 2 }).optional(),
    },
  });

/** The URL tool every URL case answers: it reports what it saw of the consent and what the store holds. */
export const corpusUrlTool =
  (url: UrlElicitationConnection, store: ElicitationStore) => async (ctx: HandlerContext) => {
    const started = await url.start(ctx, {
      kind: 'secret',
      message: 'Enter your Example API key.',
      params: { name: 'api_key', label: 'Example API key' },
    });
    const record = await store.get(started.elicitationId);
    // Everything the tool can see of the answer, plus what the store holds about the flow.
    return { started: { ...started }, status: record?.status, stored: JSON.stringify(record) };
  };
