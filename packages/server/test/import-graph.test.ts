import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entrySources, importCircles, sourceImportGraph } from '../../../test/support/import-graph.js';

/**
 * Issue 23: the server package's own import graph, read with TypeScript's import scanner (`import`, `import type`,
 * `export … from` and `import()` alike: a circle through types is still a circle for a reader). Two rules:
 *
 * 1. No circle among the files of `src/`.
 * 2. Rooms in layers. Every file belongs to one room (the longest path prefix below that matches it); a file may
 *    import its own room and rooms of lower layers, never a room of its layer or above. Entry files (the `exports`
 *    map's `index.ts`) stand above every layer: an entry re-exports from wherever its product lives. A new file or
 *    folder fails here until it is given a room on purpose.
 *
 * URL mode is one family under `url/`, its products in rooms of their own (`store/`, `vault/`, `login/`, the
 * `flow/`s); its vocabulary (`url/errors.ts`, `log.ts`, `ids.ts`, `public-url.ts`) sits at the bottom so that every
 * room of the family, the stores in `sqlite/` and `redis/`, and the era deliveries can speak it.
 *
 * The rule for `delivery/` and `url/`: `delivery/` holds every era delivery, URL mode's included (`url-2025.ts`,
 * `url-2026.ts`), and sits below URL mode's flows. `url/flow/` calls the deliveries and hands them a `UrlFlows`
 * (declared in `delivery/url-flows.ts`); the deliveries reach into `url/` for the family's vocabulary only, never
 * for a store, a connection, a service, a kind or a page.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** The vocabulary of URL mode, one room: its error codes, its security log, elicitation ids, URL checks. */
const URL_VOCABULARY = ['url/errors.ts', 'url/log.ts', 'url/ids.ts', 'url/public-url.ts'];

/**
 * Bottom to top. A room is a folder (`state/`), a file (`errors.ts`), or a few files that form one (an array), all
 * relative to `src/`.
 */
const LAYERS: readonly (readonly (string | readonly string[])[])[] = [
  // Leaves: the server's error codes, secret files, who asks (the one principal rule), URL mode's vocabulary.
  ['errors.ts', 'files/', 'principal.ts', URL_VOCABULARY],
  // The SDK seam: every SDK value the server uses comes through it (test/tooling/import-rules.test.ts).
  ['sdk/'],
  // Building blocks: sealed state, form schemas, who a user is, the store contract.
  ['state/', 'form/', 'url/identity/', 'url/store/'],
  // Every era delivery: forms and URL flows on 2025-11-25 and 2026-07-28, rounds, capabilities.
  ['delivery/'],
  // Hosting over HTTP, the durable stores, the vault; the Tasks extension, the third delivery, built on the round
  // engine and plugged into the round runner as a `RunExtension` (`delivery/run-extension.ts`).
  ['http/', 'sqlite/', 'redis/', 'url/vault/', 'tasks/'],
  // The task stores (on the SQLite and Redis building blocks); `enableElicitation`, which composes the deliveries:
  // it plugs the Tasks extension into the round runner.
  ['tasks/stores/', 'delivery/enable.ts'],
  // The page kit: html, security headers, body limits, same-origin forms.
  ['url/pages/'],
  // What is built from pages and the vault: the browser login, the kinds of page.
  ['url/login/', 'url/kinds/'],
  // URL flows, one direction: what a request is, the attached connections, `url.oauth`'s types, CSRF tokens;
  // then the service (records, waiters, notice routing); then on it the per-connection handle and, beside it,
  // the pages behind `/elicit/:id`; then the OAuth binding, which hands the handle and the service to /oauth.
  [['url/flow/request.ts', 'url/flow/connections.ts', 'url/flow/oauth-handle.ts', 'url/flow/csrf.ts']],
  ['url/flow/service.ts'],
  ['url/flow/connection-handle.ts', 'url/flow/pages.ts'],
  // The OAuth binding, and the form fallback's engine and page (issue 37), both on the service.
  ['url/flow/oauth-binding.ts', 'url/fallback/'],
  // URL mode in one call; third-party OAuth plugging into it, from its codes and providers up through the
  // stored tokens and the flow (connect page, callback) to `url.oauth` and `oauthProviders`.
  ['url/url-mode.ts', 'oauth/errors.ts'],
  ['oauth/provider/'],
  ['oauth/tokens/'],
  ['oauth/flow/'],
  ['oauth/'],
  // The root entry's own modules.
  [['elicit-form.ts', 'shorthands.ts']],
];

/** The room of `file` (named by its paths) and its layer: the longest matching path wins. */
function roomOf(file: string): { room: string; layer: number } | undefined {
  let best: { room: string; layer: number; length: number } | undefined;
  for (const [layer, rooms] of LAYERS.entries()) {
    for (const room of rooms) {
      for (const prefix of typeof room === 'string' ? [room] : room) {
        const matches = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
        if (matches && (!best || prefix.length > best.length)) {
          best = { room: typeof room === 'string' ? room : room.join(' + '), layer, length: prefix.length };
        }
      }
    }
  }
  return best && { room: best.room, layer: best.layer };
}

const graph = sourceImportGraph(SRC);
const files = [...graph.keys()];
const entries = entrySources(path.resolve(SRC, '..'));

describe('the server package import graph', () => {
  it('has no circle, not even through types', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('gives every source file a room (entries aside)', () => {
    expect(files.filter((file) => !entries.has(file) && !roomOf(file))).toEqual([]);
  });

  it('imports only its own room or lower layers', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (entries.has(file)) continue;
      const from = roomOf(file)!;
      for (const target of targets) {
        const to = roomOf(target);
        if (!to) {
          upward.push(`${file} → ${target} (an entry: import the module itself)`);
        } else if (to.room !== from.room && to.layer >= from.layer) {
          upward.push(
            `${file} (${from.room}, layer ${from.layer}) → ${target} (${to.room}, layer ${to.layer})`,
          );
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('delivery/ reaches into url/ for its vocabulary only, never a store, service, connection, kind or page', () => {
    const reaches = [...graph]
      .filter(([file]) => file.startsWith('delivery/'))
      .flatMap(([file, targets]) =>
        targets
          .filter((t) => t.startsWith('url/') && !URL_VOCABULARY.includes(t))
          .map((t) => `${file} → ${t}`),
      );
    expect(reaches).toEqual([]);
  });

  it('sees what it checks: the deliveries of both modes, and URL mode calling them', () => {
    expect(graph.get('url/flow/connection-handle.ts')).toContain('delivery/deliver-url.ts');
    expect(graph.get('delivery/deliver-url.ts')).toEqual(
      expect.arrayContaining(['delivery/url-2025.ts', 'delivery/url-2026.ts']),
    );
    expect(importCircles(new Map([...graph, ['a.ts', ['b.ts']], ['b.ts', ['a.ts']]]))).toContainEqual([
      'a.ts',
      'b.ts',
    ]);
  });
});
