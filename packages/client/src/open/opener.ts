import type { ChildProcess } from 'node:child_process';
import { delimiter } from 'node:path';
import open from 'open';

/**
 * Opens a URL the user consented to, in the system browser (E-53): a process the host does not control,
 * so neither the host nor a model can read what the user types there. It receives exactly the normalized
 * `href` from `analyzeUrl` (E-51) and must not fetch it itself (E-50). Rejects when nothing could be opened.
 */
export type UrlOpener = (href: string) => Promise<void>;

/** How long a launcher that has not exited yet gets to fail before the page counts as opened. */
const LAUNCH_GRACE_MS = 1_500;

/**
 * The default opener: the `open` package (xdg-open, `open`, `start`), or the browser named by the `BROWSER`
 * environment variable when set, as many CLIs honour it: a `:`-separated (`;` on Windows) list of commands
 * tried in order, each with optional arguments; a `%s` placeholder is dropped because the URL always
 * comes last. No shell is involved, so the URL cannot inject commands.
 *
 * It rejects rather than claim a page opened that did not (E-53): with no `BROWSER` on a Linux host
 * without a display (an SSH session, a container), when the launcher cannot start, or when it exits
 * with an error (xdg-open finding no browser). The host then shows the URL to open by hand.
 */
export function systemBrowserOpener(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): UrlOpener {
  const apps = browsersFromEnv(env.BROWSER);
  return async (href) => {
    if (apps.length === 0 && platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
      throw new Error('no graphical display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset)');
    }
    const child = await open(href, apps.length > 0 ? { app: apps } : {});
    await launched(child);
  };
}

/** Resolves once the launcher exited cleanly or is still running after a grace period; rejects if it failed. */
function launched(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return child.exitCode === 0 ? Promise.resolve() : Promise.reject(exitError(child.exitCode));
  }
  return new Promise((resolve, reject) => {
    const grace = setTimeout(done(resolve), LAUNCH_GRACE_MS);
    grace.unref();
    function done<A extends unknown[]>(settle: (...args: A) => void) {
      return (...args: A) => {
        clearTimeout(grace);
        child.removeListener('error', onError);
        child.removeListener('exit', onExit);
        settle(...args);
      };
    }
    const onError = done(reject);
    const onExit = (code: number | null) => (code === 0 ? done(resolve)() : done(reject)(exitError(code)));
    child.once('error', onError);
    child.once('exit', onExit);
  });
}

function exitError(code: number | null): Error {
  return new Error(`the browser launcher failed (exit code ${code ?? 'unknown'})`);
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
