import type { ChildProcess } from 'node:child_process';
import { release } from 'node:os';
import { delimiter } from 'node:path';
import open from 'open';
import type { UrlOpener } from './opener.js';

/** How long a launcher that has not exited yet gets to fail before the page counts as opened. */
const LAUNCH_GRACE_MS = 1_500;

/**
 * The default opener: the `open` package (`open`, `start`; the system's `xdg-open` on Linux), or the browser named by the `BROWSER`
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
  const app = apps.length > 0 ? apps : systemXdgOpen(platform);
  return async (href) => {
    if (apps.length === 0 && platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
      throw new Error('no graphical display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset)');
    }
    const child = await open(href, app ? { app } : {});
    await launched(child);
  };
}

/** Resolves once the launcher exited cleanly or is still running after a grace period; rejects if it failed. */
function launched(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return child.exitCode === 0 ? Promise.resolve() : Promise.reject(exitError(child.exitCode));
  }
  return new Promise((resolve, reject) => {
    // Not unref'd: `open` unrefs the launcher, so this timer is what keeps a short-lived host alive to learn
    // whether the launch failed (at most the grace period).
    const grace = setTimeout(done(resolve), LAUNCH_GRACE_MS);
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

/**
 * On Linux, the system's own `xdg-open` from PATH: `open` would otherwise run the copy of xdg-utils it ships,
 * which ignores the distribution's (and the user's) own `xdg-open`. WSL keeps `open`'s Windows hand-off.
 */
function systemXdgOpen(platform: NodeJS.Platform): { name: string; arguments: string[] } | undefined {
  if (platform !== 'linux' || /microsoft/i.test(release())) return undefined;
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
