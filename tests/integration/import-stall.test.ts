import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { plainCsvMapping } from '../helpers/csv-mapping.js';
import { WORST_CASE_FILES, type WorstCaseFormat } from '../helpers/worst-case-files.js';
import { listenOnFreePort } from '../helpers/raw-http.js';

/**
 * Issue 20, finding 9: a 40 KB file stalled the whole process for seconds, an 80 KB OFX for 21 s,
 * 4.8 MB of empty lines for 31 s. Now files are read on a worker thread by linear readers
 * (docs/import.md#reading), so a preview of a 5 MB worst-case file of each format leaves the
 * server answering: /api/health, asked every 20 ms meanwhile, keeps a p99 under 200 ms,
 * counted from when each check was due (so a blocked event loop shows however it ends).
 * Both go over real HTTP on 127.0.0.1: with app.inject() this thread would also play the
 * client, building the 7 MB request and the 6 MB answer in one piece, which no real client
 * does on the server's thread.
 */

const HEALTH_EVERY_MS = 20;
const P99_TARGET_MS = 200;

function p99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Infinity;
}

describe('previewing a 5 MB worst-case file of every format', () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: string;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = `http://127.0.0.1:${await listenOnFreePort(t.app)}`;
    user = await t.signUp();
    const created = await t.rest(user, {
      method: 'POST',
      url: '/api/account',
      payload: { title: 'Big' },
    });
    accountId = created.json<{ data: { id: string } }>().data.id;
  });
  afterAll(() => t.close());

  it.each(Object.keys(WORST_CASE_FILES) as WorstCaseFormat[])(
    '%s: the preview answers, and /api/health keeps answering meanwhile',
    // Over the 40 to 100 checks of a preview, p99 is the slowest check, and one pause of this
    // process (client and server share it) past 200 ms was seen once per run in CI, in a
    // different format each time, never twice in a row. A stall the reading causes comes back
    // on every attempt, so a retry still fails it.
    { timeout: 120_000, retry: 2 },
    async (format) => {
      // The request is built before the checks start: a remote client builds its 7 MB body on
      // its own machine, not on the server's thread, which this test shares.
      const body = JSON.stringify({
        accountId,
        fileName: `worst.${format}`,
        content: Buffer.from(WORST_CASE_FILES[format]()).toString('base64'),
        ...(format === 'csv' && { mapping: plainCsvMapping() }),
      });
      const latencies: number[] = [];
      let running = true;
      const poller = (async () => {
        let due = performance.now();
        while (running) {
          const res = await fetch(`${origin}/api/health`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          latencies.push(performance.now() - due);
          due += HEALTH_EVERY_MS;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          else due = performance.now();
        }
      })();
      const began = performance.now();
      const preview = await fetch(`${origin}/api/imports/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body,
      });
      // Read as it arrives; parsed once the checks have stopped.
      const bytes = await preview.arrayBuffer();
      const seconds = (performance.now() - began) / 1000;
      running = false;
      await poller;
      const answer = Buffer.from(bytes).toString('utf8');
      expect(preview.status, answer.slice(0, 300)).toBe(200);
      const rows = (JSON.parse(answer) as { data: { rows: unknown[] } }).data.rows.length;
      console.log(
        `${format}: ${rows} rows previewed in ${seconds.toFixed(2)} s; /api/health ` +
          `${latencies.length} checks, p99 ${p99(latencies).toFixed(1)} ms, ` +
          `max ${Math.max(...latencies).toFixed(1)} ms`,
      );
      expect(rows).toBeGreaterThan(19_000);
      expect(latencies.length).toBeGreaterThan(10);
      expect(p99(latencies)).toBeLessThan(P99_TARGET_MS);
    },
  );
});
