import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.js';
import type { BenchRoute } from './routes.js';
import { STORAGE_PRIMING_PATH, storeTokenScript } from './session.js';
import type { FormFactor } from './targets.js';

export interface LighthouseScore {
  route: BenchRoute;
  formFactor: FormFactor;
  lighthouseVersion: string;
  /** 0-100, of the median run (Lighthouse's own pick: closest to the median FCP and TTI). */
  score: number;
  /** Every run's score, to show how much they spread. */
  scores: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU (higher is faster; its simulated phone assumes
   * about 1,000-2,000 on a desktop): TBT scales with it, so a score is quoted with it.
   */
  benchmarkIndex: number;
  warnings: string[];
}

/**
 * Lighthouse's own trace errors (NO_NAVSTART, NO_FCP...) say "run Lighthouse again": a run that
 * ends in one is retried this many times before the bench gives up.
 */
const RETRIES = 2;

class LighthouseRuntimeError extends Error {}

/** A run that takes longer than this has hung: the browser is closed and the bench fails. */
const RUN_TIMEOUT_MS = 150_000;

/** Desktop is Lighthouse's own desktop preset; mobile is its default (Moto G Power, slow 4G). */
const CONFIGS: Record<FormFactor, Config | undefined> = {
  desktop: desktopConfig,
  mobile: undefined,
};

const FLAGS: Flags = {
  onlyCategories: ['performance'],
  logLevel: 'error',
  output: 'json',
  // The page under test is on 127.0.0.1; nothing here may reach out to the internet.
  disableFullPageScreenshot: true,
  maxWaitForFcp: 30_000,
  maxWaitForLoad: 45_000,
  // Each run gets a fresh browser profile, so the cache is cold anyway; a storage reset would
  // also wipe the session the signed-in route needs.
  disableStorageReset: true,
};

function numeric(result: { audits: Record<string, { numericValue?: number }> }, id: string) {
  const value = result.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}`);
  return value;
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout().finally(() => reject(new Error(`Lighthouse run exceeded ${ms} ms`)));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One Lighthouse performance run in Debian's Chromium, driven through puppeteer so the signed-in
 * route can have its session written into localStorage before Lighthouse navigates.
 */
async function runOnce(
  baseUrl: string,
  route: BenchRoute,
  formFactor: FormFactor,
  token: string,
): Promise<Result> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    if (route.signedIn) {
      await page.goto(`${baseUrl}${STORAGE_PRIMING_PATH}`);
      await page.evaluate(storeTokenScript(token));
    }
    const url = `${baseUrl}${route.path}`;
    const result = await withTimeout(
      lighthouse(url, FLAGS, CONFIGS[formFactor], page),
      RUN_TIMEOUT_MS,
      () => browser.close(),
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(
        `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    // A signed-in route that bounced to /login would score the wrong page.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== route.path) {
      throw new Error(`${route.label}: Lighthouse landed on ${landed}, not ${route.path}`);
    }
    return lhr;
  } finally {
    if (browser.connected) await browser.close();
  }
}

/**
 * BENCH_WEB_REPORT_DIR=/tmp/lh keeps the median run's full Lighthouse JSON there, to see which
 * tasks made up a blocking time (its long-tasks and bootup-time audits).
 */
async function saveReport(lhr: Result, route: BenchRoute, formFactor: FormFactor): Promise<void> {
  const dir = process.env.BENCH_WEB_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const name = `${route.path.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${formFactor}.json`;
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(lhr));
  console.log(`  report: ${file}`);
}

function performanceScore(lhr: Result): number {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) {
    throw new Error(`Lighthouse gave ${lhr.finalDisplayedUrl} no performance score`);
  }
  return Math.round(score * 100);
}

/**
 * Runs Lighthouse `runs` times, each in a fresh browser (cold cache), and reports the median run:
 * one run's score moves by several points with the machine's load.
 */
export async function runLighthouse(
  baseUrl: string,
  route: BenchRoute,
  formFactor: FormFactor,
  token: string,
  runs: number,
): Promise<LighthouseScore> {
  const results: Result[] = [];
  for (let attempt = 0; results.length < runs; attempt++) {
    try {
      results.push(await runOnce(baseUrl, route, formFactor, token));
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= runs + RETRIES - 1) throw error;
      console.log(`  retrying: ${error.message}`);
    }
  }
  // median-run.js ships without types TypeScript can read: the result is one of the runs.
  const median = computeMedianRun(results) as Result;
  await saveReport(median, route, formFactor);
  return {
    route,
    formFactor,
    lighthouseVersion: median.lighthouseVersion,
    score: performanceScore(median),
    scores: results.map(performanceScore),
    fcpMs: numeric(median, 'first-contentful-paint'),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    cls: numeric(median, 'cumulative-layout-shift'),
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
    warnings: [...new Set(results.flatMap((lhr) => lhr.runWarnings.map(String)))],
  };
}
