import { execFile, execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { chmod, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemBrowserOpener } from '../../src/node/index.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const OPENER = fileURLToPath(new URL('../../src/node/index.ts', import.meta.url));

let dir: string;
let fifo: string;

/**
 * A stand-in for a browser or xdg-open: writes its arguments, one per line, into a FIFO. Reading the FIFO
 * waits for exactly that write (an event, no polling); if the stand-in never runs, the test times out.
 */
async function standIn(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${fifo}"\n`);
  await chmod(path, 0o755);
  return path;
}

const opened = async () => (await readFile(fifo, 'utf8')).trimEnd().split('\n');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'elicitkit-opener-'));
  fifo = join(dir, 'opened.fifo');
  execFileSync('mkfifo', [fifo]);
});

afterAll(async () => {
  // Frees a reader still blocked on the FIFO (a failed test), so the worker can exit.
  await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).then(
    (handle) => handle.close(),
    () => {},
  );
  await rm(dir, { recursive: true, force: true });
});

describe('systemBrowserOpener', () => {
  it('[E-53] hands the URL to the browser named by BROWSER, as one argument, without a shell', async () => {
    const fakeBrowser = await standIn('fake-browser.sh');
    const href = 'https://example.com/connect?a=1&b=$(touch%20pwned);x';
    const reading = opened();
    await systemBrowserOpener({ BROWSER: `${fakeBrowser} --new-window %s` })(href);
    expect(await reading).toEqual(['--new-window', href]);
  });

  it('[E-53] rejects when the launcher exits with an error, instead of reporting the page as opened', async () => {
    const opener = systemBrowserOpener({ BROWSER: 'false' });
    await expect(opener('https://example.com/')).rejects.toThrow(/Failed to open|exit code 1/);
  });

  it('[E-53] rejects at once on Linux without a display (an SSH session), so the URL is shown instead', async () => {
    const opener = systemBrowserOpener({ SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 22' }, 'linux');
    await expect(opener('https://example.com/')).rejects.toThrow(/no graphical display/);
  });
  it.runIf(process.platform === 'linux')(
    '[E-53] without BROWSER, runs the xdg-open first on PATH with exactly the href as its one argument',
    async () => {
      await standIn('xdg-open');
      const href = "https://example.com/connect?a=1&b='x y'&c=$(id)#`frag`";
      const reading = opened();
      // Its own process: PATH holds only the stand-in (no real browser can start), and BROWSER is unset.
      const child = promisify(execFile)(
        process.execPath,
        [
          '--conditions=@elicitkit/source',
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { systemBrowserOpener } from ${JSON.stringify(OPENER)};\nawait systemBrowserOpener()(process.argv[1]);`,
          href,
        ],
        { cwd: ROOT, env: { PATH: dir, DISPLAY: ':0' } },
      );
      expect(await reading).toEqual([href]);
      await child;
    },
    30_000, // a Node child with tsx starts in ~2 s on a busy machine; this bounds it, it times nothing
  );

  it('rejects when the BROWSER command does not exist, so the host can show the URL instead', async () => {
    const opener = systemBrowserOpener({ BROWSER: join(dir, 'no-such-browser') });
    await expect(opener('https://example.com/')).rejects.toThrow();
  });
});
