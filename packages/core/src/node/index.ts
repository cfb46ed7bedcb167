/// <reference types="node" />
/**
 * @elicitkit/core/node: the little that every elicitkit package on Node shares and a browser cannot run:
 * `elicitConfigDir`, where `elicit` keeps its files (sign-ins, doctor reports).
 *
 * @module @elicitkit/core/node
 */
import { homedir, platform } from 'node:os';
import { join } from 'node:path';

/**
 * Where `elicit` keeps its files: `ELICIT_CONFIG_DIR` when set, else the platform's config folder + `elicit`
 * (`$XDG_CONFIG_HOME` or `~/.config` on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows).
 */
export function elicitConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ELICIT_CONFIG_DIR) return env.ELICIT_CONFIG_DIR;
  if (platform() === 'win32' && env.APPDATA) return join(env.APPDATA, 'elicit');
  if (platform() === 'darwin') return join(homedir(), 'Library', 'Application Support', 'elicit');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'elicit');
}
