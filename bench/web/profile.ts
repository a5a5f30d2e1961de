/**
 * Where a throttled first load spends its main thread: starts the built server as bench:web
 * does, opens a route in Chromium at Lighthouse's mobile CPU slowdown (4x), records a sampling
 * CPU profile from navigation until the page is quiet, and prints the functions with the most
 * self time and the scripts they live in. A diagnosis tool for a Total Blocking Time, not a target:
 *   npm run build && BENCH_WEB_PAGES=/ npx tsx bench/web/profile.ts
 */
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.js';
import { ApiClient } from '../../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDataDir,
  freePort,
  removeWorkDir,
} from '../../tests/reliability/server-process.js';
import { ROUTES } from './routes.js';
import { seedUser } from './seed.js';
import { selectRoutes } from './selection.js';
import { STORAGE_PRIMING_PATH, storeTokenScript } from './session.js';

const CPU_SLOWDOWN = 4;
const QUIET_MS = 3_000;
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function shortUrl(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '') || '(native)';
}

function report(profile: Profile): string {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totalByFrame = new Map<string, number>();
  const selfByFrame = new Map<string, number>();
  const selfByScript = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byNode.get(id);
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const frame = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}:${columnNumber + 1}`;
    selfByFrame.set(frame, (selfByFrame.get(frame) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frameNode = byNode.get(at);
      if (!frameNode || frameNode.callFrame.functionName === '(root)') continue;
      const f = frameNode.callFrame;
      const name = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      totalByFrame.set(name, (totalByFrame.get(name) ?? 0) + delta);
    }
    const script = shortUrl(url);
    selfByScript.set(script, (selfByScript.get(script) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
  return [
    `Self time by script (ms at ${CPU_SLOWDOWN}x slowdown):`,
    ...top(selfByScript, 10),
    '',
    'Self time by function:',
    ...top(selfByFrame, TOP),
    '',
    'Total time by function (itself and what it calls):',
    ...top(totalByFrame, TOP),
  ].join('\n');
}

async function main() {
  const [route] = selectRoutes(ROUTES, process.env.BENCH_WEB_PAGES ?? '/');
  if (!route) throw new Error('No route selected');
  const data = createFreshDataDir('bench-profile');
  const server = new ServerProcess({
    label: 'bench-profile',
    backend: { kind: 'pglite', dataDir: data.dataDir },
    port: await freePort(),
  });
  try {
    await server.start();
    const api = new ApiClient(server.url);
    const seed = await seedUser(api).finally(() => api.close());
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      if (route.signedIn) {
        await page.goto(`${server.url}${STORAGE_PRIMING_PATH}`);
        await page.evaluate(storeTokenScript(seed.token));
      }
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.url}${route.path}`, { waitUntil: 'networkidle0' });
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      console.log(`${route.label}\n${report(profile)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    removeWorkDir();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
