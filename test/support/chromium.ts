/**
 * How every test here starts Debian's Chromium: headless, as root, and without the background connections this
 * machine's closed network refuses (the probe's flags).
 */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
