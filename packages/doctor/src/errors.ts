import { UsageError } from '@elicitkit/core';

/** Codes thrown by `@elicitkit/doctor` (see `ElicitkitError`). */
export const DoctorErrorCode = {
  /** A report file is not an `elicitkit-doctor-report/1` report; `details.problem` says what is wrong, and where. */
  InvalidReport: 'invalid-report',
} as const;
export type DoctorErrorCode = (typeof DoctorErrorCode)[keyof typeof DoctorErrorCode];

/** `details` of each {@link DoctorErrorCode}. */
export interface DoctorErrorDetails {
  'invalid-report': { problem: string };
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends DoctorErrorDetails {}
}

/** The error for a report that cannot be read: names the problem. */
export function invalidReport(
  problem: string,
): UsageError<'invalid-report', DoctorErrorDetails['invalid-report']> {
  return new UsageError(DoctorErrorCode.InvalidReport, `not a doctor report: ${problem}`, {
    details: { problem },
  });
}
