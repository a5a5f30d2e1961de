import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { ecbHistory } from '../helpers/ecb-files.js';
import { CHUNK_RATES } from '../../src/server/features/rates/rate-import.js';

// Issue 23 follow-up (docs/rates.md#importing): an ECB history is read on a worker thread and
// written a chunk per transaction, so on PGlite, whose one session every request shares, other
// requests are answered between two chunks instead of after the whole import. Asserted by
// order, not time: a small request answers while the import is still pending, and sees part of
// the file written.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rowsOf(who: TestUser): Promise<number> {
  const row = await t.database.db
    .selectFrom('exchange_rates')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('book_id', '=', who.bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const importRates = (who: TestUser, content: string, key: string) =>
  t.rest(who, {
    method: 'POST',
    url: '/api/rates/import',
    payload: { fileName: 'eurofxref-hist.xml', content },
    headers: { 'idempotency-key': key },
  });

describe('importing a large ECB history', () => {
  // About 100,000 rates: some 50 chunks.
  const history = ecbHistory({ days: 2_500 });
  const content = Buffer.from(history.xml, 'utf8').toString('base64');

  it(
    'leaves other requests answering meanwhile, then answers in full; a replay answers alike',
    {
      timeout: 180_000,
    },
    async () => {
      expect(history.rates).toBeGreaterThan(20 * CHUNK_RATES);
      const who = await t.signUp();
      const key = randomUUID();
      let importDone = false;
      const importing = importRates(who, content, key).then((res) => {
        importDone = true;
        return res;
      });

      // Asked again and again from the start: each count waits for the session, which a single
      // transaction of the whole file would hold until all of it is written.
      let seen = 0;
      while (seen === 0 && !importDone) {
        // A turn of the event loop between two counts, as between two real requests: PGlite
        // answers within microtasks, and the worker's reply is an event.
        await new Promise((resolve) => setImmediate(resolve));
        seen = await rowsOf(who);
      }
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(history.rates);
      expect(importDone).toBe(false);

      const account = await t.rest(who, { method: 'GET', url: '/api/account' });
      expect(account.statusCode).toBe(200);
      expect(importDone).toBe(false);

      const done = await importing;
      expect(done.statusCode).toBe(200);
      const body = done.json<{ data: { added: number; replaced: number; unchanged: number } }>();
      expect(body.data).toMatchObject({ added: history.rates, replaced: 0, unchanged: 0 });
      expect(await rowsOf(who)).toBe(history.rates);

      // The key's outcome committed with the last chunk: a retry replays it, writing nothing.
      const again = await importRates(who, content, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(done.json());
    },
  );

  it(
    'converges on retry: a file partly written before is completed, counting what was there',
    {
      timeout: 180_000,
    },
    async () => {
      // What a failure midway leaves: the first days of the file written, the rest not.
      const who = await t.signUp();
      const part = ecbHistory({ days: 300, newest: history.days[history.days.length - 300] });
      const first = await importRates(who, Buffer.from(part.xml).toString('base64'), randomUUID());
      expect(first.statusCode).toBe(200);
      const done = await importRates(who, content, randomUUID());
      expect(done.statusCode).toBe(200);
      // The generator's values of a day differ with the file's length: the days written before
      // are replaced here (or left, where a value happens to agree), never added twice.
      const counts = done.json<{ data: { added: number; replaced: number; unchanged: number } }>();
      expect(counts.data.added).toBe(history.rates - part.rates);
      expect(counts.data.replaced + counts.data.unchanged).toBe(part.rates);
      expect(await rowsOf(who)).toBe(history.rates);
    },
  );

  it('records a refusal read on the worker as the key outcome, replayed alike', async () => {
    const who = await t.signUp();
    const key = randomUUID();
    const broken = Buffer.from('Date,USD,\n2026-11-27,abc,\n').toString('base64');
    const refused = await importRates(who, broken, key);
    expect(refused.statusCode).toBe(422);
    const again = await importRates(who, broken, key);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ message: string }>().message).toBe(
      refused.json<{ message: string }>().message,
    );
    expect(await rowsOf(who)).toBe(0);
  });
});
