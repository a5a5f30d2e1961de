/**
 * npm run bench:web: the front end's budget on the built production server.
 *
 * Starts dist/server/index.js (NODE_ENV=production, embedded PGlite in a temporary directory),
 * signs a seeded user in with key-based login, then for /login (signed out) and / (signed in):
 * adds up the gzip JavaScript the page fetches on a cold cache, and runs Lighthouse's
 * performance category with the desktop and the mobile preset, all in Debian's Chromium.
 *
 * Exit code: 1 when anything crashed (the server, the browser, Lighthouse); a missed budget or
 * score prints FAIL but exits 0, since Lighthouse scores move with the machine's load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.js';
import { ApiClient } from '../../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDataDir,
  freePort,
  removeWorkDir,
} from '../../tests/reliability/server-process.js';
import { measureRouteScripts, type RouteScripts } from './js-budget.js';
import { runLighthouse, type LighthouseScore } from './lighthouse-run.js';
import { formatJsBudget, formatLighthouse, jsBudgetPasses, lighthousePasses } from './report.js';
import { ROUTES } from './routes.js';
import { seedUser, type SeededUser } from './seed.js';
import { selectFormFactors, selectRoutes } from './selection.js';
import { LIGHTHOUSE_TARGETS, type FormFactor } from './targets.js';

/** BENCH_WEB_PAGES=/,/login and BENCH_WEB_FORM_FACTORS=mobile narrow a run (selection.ts). */
const PAGES = selectRoutes(ROUTES, process.env.BENCH_WEB_PAGES);
const FORM_FACTORS = selectFormFactors(
  Object.keys(LIGHTHOUSE_TARGETS) as FormFactor[],
  process.env.BENCH_WEB_FORM_FACTORS,
);
/** Lighthouse runs per route and form factor; the median one is reported. 0 skips Lighthouse. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

async function measureJs(baseUrl: string, seed: SeededUser) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const results: RouteScripts[] = [];
    for (const route of PAGES)
      results.push(await measureRouteScripts(browser, baseUrl, route, seed));
    return results;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 0) {
    throw new Error('BENCH_LIGHTHOUSE_RUNS must be a whole number (0 skips Lighthouse)');
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH} (apt-get install chromium); none is downloaded.`,
    );
  }
  const data = createFreshDataDir('bench-web');
  const server = new ServerProcess({
    label: 'bench-web',
    backend: { kind: 'pglite', dataDir: data.dataDir },
    port: await freePort(),
  });
  let stopping = false;
  const cleanUp = async () => {
    await server.stop();
    removeWorkDir();
  };
  // Ctrl-C or a CI timeout: the server and its temporary database go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    const started = await server.start();
    console.log(`Server up at ${server.url} in ${started} ms (NODE_ENV=production, PGlite)`);
    const api = new ApiClient(server.url);
    const seed = await seedUser(api).finally(() => api.close());

    const scripts = await measureJs(server.url, seed);
    console.log(`\n${formatJsBudget(scripts)}\n`);

    const scores: LighthouseScore[] = [];
    for (const route of LIGHTHOUSE_RUNS > 0 ? PAGES.filter((r) => !r.reportOnly) : []) {
      for (const formFactor of FORM_FACTORS) {
        console.log(`Lighthouse: ${route.label}, ${formFactor}...`);
        scores.push(
          await runLighthouse(server.url, route, formFactor, seed.token, LIGHTHOUSE_RUNS),
        );
      }
    }
    if (scores.length > 0) console.log(`\n${formatLighthouse(scores)}\n`);

    const missed =
      scripts.filter((result) => !jsBudgetPasses(result)).length +
      scores.filter((result) => !lighthousePasses(result)).length;
    const total = scripts.length + scores.length;
    console.log(
      missed === 0 ? `All ${total} targets met.` : `${missed} of ${total} targets missed.`,
    );
    return 0;
  } catch (error) {
    if (existsSync(server.logPath)) {
      const log = readFileSync(server.logPath, 'utf8').split('\n').slice(-30).join('\n');
      console.error(`Server log (last lines):\n${log}`);
    }
    throw error;
  } finally {
    if (!stopping) {
      stopping = true;
      await cleanUp();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench:web crashed:', error);
    process.exit(1);
  },
);
