import type { Browser, Request } from 'playwright-core';
import type { BenchRoute, SeedNames } from './routes.js';
import { STORAGE_PRIMING_PATH, storeTokenScript } from './session.js';
import { trackNetworkQuiet } from './network-quiet.js';

export interface ScriptTransfer {
  url: string;
  /** The body as it crossed the network (Content-Encoding applied). */
  encodedBytes: number;
  /** The body once decoded: what the browser parses. */
  decodedBytes: number;
  contentEncoding: string;
}

export interface RouteScripts {
  route: BenchRoute;
  scripts: ScriptTransfer[];
  encodedBytes: number;
  decodedBytes: number;
}

const QUIET_MS = 1_000;
const TIMEOUT_MS = 60_000;

async function transferOf(request: Request): Promise<ScriptTransfer> {
  const response = await request.response();
  if (!response) throw new Error(`No response for ${request.url()}`);
  const sizes = await request.sizes();
  return {
    url: request.url(),
    encodedBytes: sizes.responseBodySize,
    decodedBytes: (await response.body()).length,
    contentEncoding: (await response.headerValue('content-encoding')) ?? 'none',
  };
}

/**
 * Loads a route on a cold cache (a new browser context) and adds up every script the page
 * fetched until it showed its content and its network went quiet: module entry, modulepreloads
 * and the lazily imported route chunks alike. The browser asks for gzip only, so the figure is
 * the gzip size whatever else the server could offer.
 */
export async function measureRouteScripts(
  browser: Browser,
  baseUrl: string,
  route: BenchRoute,
  seed: SeedNames & { token: string },
): Promise<RouteScripts> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  try {
    const page = await context.newPage();
    if (route.signedIn) {
      await page.goto(`${baseUrl}${STORAGE_PRIMING_PATH}`);
      await page.evaluate(storeTokenScript(seed.token));
    }
    const finished: Promise<ScriptTransfer>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') finished.push(transferOf(request));
    });
    const waitForQuiet = trackNetworkQuiet(page);

    await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.getByText(route.renderedText(seed)).first().waitFor({ timeout: TIMEOUT_MS });
    await waitForQuiet(QUIET_MS, TIMEOUT_MS);

    // A signed-in route that bounced to /login would measure the wrong page.
    const landed = new URL(page.url()).pathname;
    if (landed !== route.path) {
      throw new Error(`${route.label}: expected to stay on ${route.path}, landed on ${landed}`);
    }
    const scripts = await Promise.all(finished);
    return {
      route,
      scripts,
      encodedBytes: scripts.reduce((sum, script) => sum + script.encodedBytes, 0),
      decodedBytes: scripts.reduce((sum, script) => sum + script.decodedBytes, 0),
    };
  } finally {
    await context.close();
  }
}
