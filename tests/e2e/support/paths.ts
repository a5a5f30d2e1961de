import path from 'node:path';

/** Where the browser journeys write their screenshots; CI keeps this directory. */
export const SCREENSHOT_DIR = path.resolve(
  import.meta.dirname,
  '../../../test-results/screenshots',
);
