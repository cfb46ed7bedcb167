import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

/** The few looks the UI uses. Each is the identity when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  accent(text: string): string;
  warn(text: string): string;
  error(text: string): string;
  ok(text: string): string;
  /** The registrable domain in a URL (E-54): the one part of the URL that must stand out. */
  domain(text: string): string;
}

/**
 * Colour is on for a terminal unless `NO_COLOR` is set (https://no-color.org) or `TERM=dumb`;
 * `FORCE_COLOR` (non-`0`) turns it on for pipes too, as most CLIs do.
 */
export function colorSupported(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0';
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export function createStyle(enabled: boolean): Style {
  // validateStream: false because we already decided for the stream we actually write to.
  const paint = (format: Format) => (text: string) =>
    enabled ? styleText(format, text, { validateStream: false }) : text;
  return {
    enabled,
    bold: paint('bold'),
    dim: paint('dim'),
    accent: paint('cyan'),
    warn: paint('yellow'),
    error: paint('red'),
    ok: paint('green'),
    domain: paint(['bold', 'underline']),
  };
}
