import type { CheckupReport } from '../../packages/doctor/src/index.js';
import type { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';

/** One host the project can run, and how to run the checkup in it with a person following the instructions. */
export interface HostUnderTest {
  /** The host as the table names it. */
  name: string;
  /** The package (and version) that is the host. */
  version: string;
  /** `latest`: the report the doctor last saved (for a host that shows the result only on its screen). */
  run(doctor: URL, clock: ManualClock, latest: () => CheckupReport | undefined): Promise<CheckupReport>;
}
