// @needs tools, tmux, chromium
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckupReport, type ServedCheckup, serveCheckup } from '../../packages/doctor/src/index.js';
import { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';
import { relayInChromium } from '../support/relay-chromium.js';
import { TOOL_INSTALL_TIMEOUT_MS } from '../support/tool-install.js';
import { type HostRow, hostTable, TABLE_MARKERS, withPart } from './host-table.js';
import { frameworkVersions, hostsUnderTest } from './hosts.js';

/**
 * Issue 38: the host support table in docs/hosts.md is what the checkup finds in every host the project can run, each
 * with a person who follows the instructions. This test runs them all and fails when a row changes;
 * `ELICITKIT_WRITE_HOSTS=1` (`npm run hosts:table`) writes the new table instead.
 */
const DOCUMENT = new URL('../../docs/hosts.md', import.meta.url);
const clock = new ManualClock(Date.UTC(2026, 11, 7));
let doctor: ServedCheckup;
const rows: HostRow[] = [];
const rig = relayInChromium();
const HOSTS = hostsUnderTest(() => rig);
let latest: CheckupReport | undefined;

beforeAll(async () => {
  doctor = await serveCheckup({
    port: 0,
    clock,
    reportDir: false,
    onReport: (report) => {
      latest = structuredClone(report);
    },
  });
  await frameworkVersions(); // installs the AI SDK and Mastra on first use
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await doctor?.close();
});

describe('the host support table', () => {
  it.each(HOSTS.map((host) => [host.name, host] as const))(
    'runs the checkup in %s',
    async (_name, host) => {
      latest = undefined;
      const report = await host.run(doctor.url!, clock, () => latest);
      expect(report.complete).toBe(true);
      const version = (await frameworkVersions())[host.version] ?? host.version;
      rows.push({ name: host.name, version, report });
    },
    120_000,
  );

  it('docs/hosts.md shows what the checkup found in each', () => {
    expect(rows.map((row) => row.name)).toEqual(HOSTS.map((host) => host.name));
    const document = readFileSync(DOCUMENT, 'utf8');
    const updated = withPart(document, TABLE_MARKERS, hostTable(rows));
    if (process.env.ELICITKIT_WRITE_HOSTS === '1') writeFileSync(DOCUMENT, updated);
    else expect(document, 'the table changed: run `npm run hosts:table` and read the diff').toBe(updated);
  });
});
