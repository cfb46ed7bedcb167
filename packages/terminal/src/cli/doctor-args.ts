import type { Phrase } from '../i18n/phrase.js';
import { BRIDGE_ONLY } from './bridge-args.js';

/** `elicit doctor --serve`: the checkup server, on stdio, or on Streamable HTTP at `port` (loopback). */
export interface DoctorServe {
  name: 'doctor';
  action: 'serve';
  /** Absent: stdio. */
  port?: number;
  /** `--report <file>`: each finished report's JSON is exported there too. */
  reportFile?: string;
  locale: string;
}

/** `elicit doctor <server>`'s own options, beside the common ones: connects as a host and checks every request. */
export interface DoctorInspectOptions {
  name: 'doctor';
  action: 'inspect';
  /** `--call <tool> [json]`: the tool to run while watching. */
  call?: { tool: string; argumentsJson?: string };
  /** `--declare`: the modes the host declares (default both); empty: none. */
  declare: ('form' | 'url')[];
  /** `--json`: the findings as JSON on stdout. */
  json: boolean;
}

/** The options that apply to `elicit doctor` only. */
export const DOCTOR_ONLY = ['serve', 'report', 'call', 'declare', 'json'] as const;

const given = (text: string) => JSON.stringify(text.slice(0, 40));

interface DoctorValues {
  serve?: boolean;
  report?: string;
  port?: string;
  call?: string;
  declare?: string;
  json?: boolean;
  [option: string]: unknown;
}

/**
 * `elicit doctor --serve [--port <n>] [--report <file>]`; anything else is refused, named. `operands`: what followed
 * `doctor`; `serverCommand`: what followed `--`.
 */
export function doctorServe(
  values: DoctorValues,
  operands: readonly string[],
  serverCommand: readonly string[] | undefined,
  locale: string,
): DoctorServe | Phrase {
  const other = [
    ...BRIDGE_ONLY.filter((o) => o !== 'port'),
    'call',
    'declare',
    'json',
    'answers',
    'protocol',
  ].find((option) => values[option] !== undefined);
  if (other) return { key: 'cli.doctor-serve-only', params: { option: `--${other}` } };
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
    action: 'serve',
    locale,
    ...(port !== undefined && { port: Number(port) }),
    ...(values.report !== undefined && { reportFile: values.report }),
  };
}

/** `elicit doctor <server> [--call <tool> [json]] [--declare form,url|none] [--json]`, over the common options. */
export function doctorInspect<C extends object>(
  values: DoctorValues,
  operands: readonly string[],
  common: C,
): (C & DoctorInspectOptions) | Phrase {
  const serveOnly = (['port', 'report', ...BRIDGE_ONLY] as const).find(
    (option) => values[option] !== undefined,
  );
  if (serveOnly) return { key: 'cli.doctor-serve-option', params: { option: `--${serveOnly}` } };
  const [argumentsJson, extra] = operands;
  if (extra !== undefined || (argumentsJson !== undefined && values.call === undefined)) {
    return { key: 'cli.doctor-extra', params: { given: given(extra ?? argumentsJson ?? '') } };
  }
  const declared = (values.declare ?? 'form,url').split(',').map((mode) => mode.trim());
  const none = declared.length === 1 && declared[0] === 'none';
  if (!none && !declared.every((mode) => mode === 'form' || mode === 'url')) {
    return { key: 'cli.doctor-declare', params: { given: given(values.declare ?? '') } };
  }
  if (values.call === '') return { key: 'cli.no-tool' };
  return {
    name: 'doctor',
    action: 'inspect',
    ...common,
    declare: none ? [] : [...new Set(declared as ('form' | 'url')[])],
    json: values.json === true,
    ...(values.call !== undefined && {
      call: { tool: values.call, ...(argumentsJson !== undefined && { argumentsJson }) },
    }),
  };
}
