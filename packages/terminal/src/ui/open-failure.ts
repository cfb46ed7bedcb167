import type { TerminalMessageKey } from '../i18n/en.js';
import { safeLine } from './text.js';

/**
 * Why the system browser could not be started, as far as a terminal can tell: the rules of the client's
 * default opener (`systemBrowserOpener`) read from the same environment. `BROWSER` names the command when
 * set; on Linux without it, no `DISPLAY` or `WAYLAND_DISPLAY` means there is no screen to open a window on
 * (an SSH session, a container); otherwise the system's launcher failed.
 */
export function openFailureReason(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): { key: TerminalMessageKey; params?: { command: string } } {
  const browser = env.BROWSER?.trim();
  if (browser) return { key: 'open-failed.browser-command', params: { command: safeLine(browser, 80) } };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { key: 'open-failed.no-display' };
  return { key: 'open-failed.system' };
}
