import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemBrowserOpener } from '../../src/open/opener.js';

let dir: string;
let fakeBrowser: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'elicitkit-opener-'));
  fakeBrowser = join(dir, 'fake-browser.sh');
  // A stand-in for a browser: records its arguments, one per line.
  await writeFile(fakeBrowser, `#!/bin/sh\nfor a in "$@"; do echo "$a"; done > "${dir}/opened.txt"\n`);
  await chmod(fakeBrowser, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readOpened(): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    try {
      const text = await readFile(join(dir, 'opened.txt'), 'utf8');
      if (text.endsWith('\n')) return text.trimEnd().split('\n');
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the fake browser was never started');
}

describe('systemBrowserOpener', () => {
  it('[E-53] hands the URL to the browser named by BROWSER, as one argument, without a shell', async () => {
    const href = 'https://example.com/connect?a=1&b=$(touch%20pwned);x';
    await systemBrowserOpener({ BROWSER: `${fakeBrowser} --new-window %s` })(href);
    expect(await readOpened()).toEqual(['--new-window', href]);
  });

  it('[E-53] rejects when the launcher exits with an error, instead of reporting the page as opened', async () => {
    const opener = systemBrowserOpener({ BROWSER: 'false' });
    await expect(opener('https://example.com/')).rejects.toThrow(/Failed to open|exit code 1/);
  });

  it('[E-53] rejects at once on Linux without a display (an SSH session), so the URL is shown instead', async () => {
    const opener = systemBrowserOpener({ SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 22' }, 'linux');
    await expect(opener('https://example.com/')).rejects.toThrow(/no graphical display/);
  });

  it('rejects when the BROWSER command does not exist, so the host can show the URL instead', async () => {
    const opener = systemBrowserOpener({ BROWSER: join(dir, 'no-such-browser') });
    await expect(opener('https://example.com/')).rejects.toThrow();
  });
});
