import { existsSync } from 'node:fs';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM_PATH);

/** As root, on a network that refuses everything but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
