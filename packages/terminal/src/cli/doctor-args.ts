import type { Phrase } from '../i18n/phrase.js';
import { BRIDGE_ONLY } from './bridge-args.js';

/** `elicit doctor --serve`: the checkup server, on stdio, or on Streamable HTTP at `port` (loopback). */
export interface DoctorCommand {
  name: 'doctor';
  /** Absent: stdio. */
  port?: number;
  /** `--report <file>`: each finished report's JSON is exported there too. */
  reportFile?: string;
  locale: string;
}

/** The options that apply to `elicit doctor` only. */
export const DOCTOR_ONLY = ['serve', 'report'] as const;

const given = (text: string) => JSON.stringify(text.slice(0, 40));

/**
 * `elicit doctor`'s command line: `--serve [--port <n>] [--report <file>]`; anything else is refused, named.
 * `operands`: what followed `doctor`; `serverCommand`: what followed `--`.
 */
export function doctorCommand(
  values: { serve?: boolean; report?: string; port?: string } & Record<string, unknown>,
  operands: readonly string[],
  serverCommand: readonly string[] | undefined,
  locale: string,
): DoctorCommand | Phrase {
  const bridgeOnly = BRIDGE_ONLY.find((option) => option !== 'port' && values[option] !== undefined);
  if (bridgeOnly) return { key: 'cli.bridge-only', params: { option: `--${bridgeOnly}` } };
  if (!values.serve) return { key: 'cli.doctor-serve' };
  if (operands.length > 0 || serverCommand) {
    return { key: 'cli.doctor-extra', params: { given: given(operands[0] ?? '--') } };
  }
  const { port } = values;
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) {
    return { key: 'cli.port', params: { given: given(port) } };
  }
  if (values.report === '') return { key: 'cli.doctor-report' };
  return {
    name: 'doctor',
    locale,
    ...(port !== undefined && { port: Number(port) }),
    ...(values.report !== undefined && { reportFile: values.report }),
  };
}
