import { release } from 'node:os';
import { delimiter } from 'node:path';
import open from 'open';

/**
 * Opens a URL the user consented to, in the system browser (E-53): a process the host does not control,
 * so neither the host nor a model can read what the user types there. It receives exactly the normalized
 * `href` from `analyzeUrl` (E-51) and must not fetch it itself (E-50). Rejects when nothing could be opened.
 */
export type UrlOpener = (href: string) => Promise<void>;

/**
 * The default opener: the `open` package (`open`, `start`; the system's `xdg-open` on Linux), or the browser named by the `BROWSER`
 * environment variable when set, as many CLIs honour it: a `:`-separated (`;` on Windows) list of commands
 * tried in order, each with optional arguments; a `%s` placeholder is dropped because the URL always
 * comes last. No shell is involved, so the URL cannot inject commands.
 */
export function systemBrowserOpener(env: NodeJS.ProcessEnv = process.env): UrlOpener {
  const apps = browsersFromEnv(env.BROWSER);
  const app = apps.length > 0 ? apps : systemXdgOpen();
  return async (href) => {
    await open(href, app ? { app } : {});
  };
}

/**
 * On Linux, the system's own `xdg-open` from PATH: `open` would otherwise run the copy of xdg-utils it ships,
 * which ignores the distribution's (and the user's) own `xdg-open`. WSL keeps `open`'s Windows hand-off.
 */
function systemXdgOpen(): { name: string; arguments: string[] } | undefined {
  if (process.platform !== 'linux' || /microsoft/i.test(release())) return undefined;
  return { name: 'xdg-open', arguments: [] };
}

function browsersFromEnv(value: string | undefined): { name: string; arguments: string[] }[] {
  if (!value) return [];
  return value
    .split(delimiter)
    .map((entry) =>
      entry
        .trim()
        .split(/\s+/)
        .filter((part) => part !== '' && part !== '%s'),
    )
    .filter((parts) => parts.length > 0)
    .map(([name, ...args]) => ({ name: name!, arguments: args }));
}
