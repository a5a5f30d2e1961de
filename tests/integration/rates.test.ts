import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { nearestEarlierRate } from '../../src/server/features/rates/index.js';
import { RATE_MESSAGES } from '../../src/server/features/rates/rate-service.js';
import { RATE_FILE_MESSAGES } from '../../src/server/features/rates/ecb-file.js';
import { RATE_FILE_BYTES_MAX } from '../../src/shared/schemas/rate.js';

// Exchange rates (docs/rates.md): entered by hand, imported from ECB files, listed a page at a
// time, deleted when hand-entered; each book sees only its own; the lookup takes the rate of the
// day or the nearest earlier one within its window, never a later one.

interface Outcome {
  status: number;
  headers: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
}

let t: TestApp;
let user: TestUser;
let other: TestUser;

async function call(
  who: TestUser,
  method: string,
  url: string,
  payload?: object,
  key: string = randomUUID(),
): Promise<Outcome> {
  const res = await t.rest(who, {
    method,
    url,
    ...(payload !== undefined && { payload }),
    headers: method === 'GET' ? {} : { 'idempotency-key': key },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/rates/${name}`, import.meta.url)).toString('base64');
const file = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function rowsOf(who: TestUser): Promise<number> {
  const row = await t.database.db
    .selectFrom('exchange_rates')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('book_id', '=', who.bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every rate of the user's book, following the cursors, `limit` per page. */
async function allRates(who: TestUser, query: string, limit: number) {
  const items: { id: string; day: string; base: string; quote: string; rate: string }[] = [];
  let cursor: string | null = null;
  do {
    const page: Outcome = await call(
      who,
      'GET',
      `/api/rates?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body.data.items);
    cursor = page.body.data.nextCursor;
  } while (cursor !== null);
  return items;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

describe('rates entered by hand', () => {
  it('keep their exact decimal text, and a second one of the same pair and day replaces the first', async () => {
    for (const [quote, rate] of [
      ['USD', '1.0823'],
      ['JPY', '157.12'],
      ['KWD', '0.000123'],
      ['IDR', '17820.450000000001'],
    ]) {
      const added = await call(user, 'POST', '/api/rates', {
        base: 'EUR',
        quote,
        day: '2026-01-05',
        rate,
      });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        message: 'Rate added',
        data: { base: 'EUR', quote, day: '2026-01-05', rate, source: 'manual' },
      });
    }
    const replaced = await call(user, 'POST', '/api/rates', {
      base: 'EUR',
      quote: 'USD',
      day: '2026-01-05',
      rate: '1.0900',
    });
    expect(replaced.body).toMatchObject({ message: 'Rate replaced', data: { rate: '1.0900' } });
    const listed = await call(user, 'GET', '/api/rates?base=EUR&quote=USD');
    expect(listed.body.data.items).toEqual([replaced.body.data]);
    expect(await rowsOf(user)).toBe(4);
  });

  it('refuse a rate that is not an exact positive decimal in text, or a pair of one currency', async () => {
    const bad = [
      [{ rate: 1.08 }, 'rate must be a decimal above 0'],
      [{ rate: '0' }, 'rate must be a decimal above 0'],
      [{ rate: '1e3' }, 'rate must be a decimal above 0'],
      [{ rate: '1.0000000000001' }, 'rate must be a decimal above 0'],
      [{ quote: 'EUR' }, 'base and quote must be different currencies'],
      [{ quote: 'XYZ' }, 'quote must be an ISO 4217 currency code such as USD'],
      [{ day: '2026-02-30' }, 'day must be a real date'],
    ] as const;
    const before = await rowsOf(user);
    for (const [change, message] of bad) {
      const refused = await call(user, 'POST', '/api/rates', {
        base: 'EUR',
        quote: 'USD',
        day: '2026-01-06',
        rate: '1.08',
        ...change,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect(await rowsOf(user)).toBe(before);
  });

  it('are deleted by their owner only; an imported rate cannot be deleted', async () => {
    const added = await call(user, 'POST', '/api/rates', {
      base: 'GBP',
      quote: 'CHF',
      day: '2026-01-07',
      rate: '1.1',
    });
    const id = added.body.data.id as string;
    const stranger = await call(other, 'DELETE', `/api/rates/${id}`);
    expect(stranger).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: RATE_MESSAGES.notFound },
    });
    expect((await call(other, 'GET', '/api/rates')).body.data.items).toEqual([]);
    expect((await call(user, 'DELETE', `/api/rates/${id}`)).body.message).toBe('Rate deleted');
    expect((await call(user, 'DELETE', `/api/rates/${id}`)).status).toBe(404);

    await call(other, 'POST', '/api/rates/import', { content: fixture('eurofxref.csv') });
    const ecb = (await call(other, 'GET', '/api/rates?quote=USD')).body.data.items[0];
    const refused = await call(other, 'DELETE', `/api/rates/${ecb.id as string}`);
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'UNPROCESSABLE', message: RATE_MESSAGES.notManual },
    });
  });
});

describe('ECB files', () => {
  it('import every layout, base EUR, counting days, rates and N/A', async () => {
    const who = await t.signUp();
    const hist = await call(who, 'POST', '/api/rates/import', {
      fileName: 'eurofxref-hist.csv',
      content: fixture('eurofxref-hist.csv'),
    });
    expect(hist.status).toBe(200);
    expect(hist.body.data).toEqual({
      fileName: 'eurofxref-hist.csv',
      format: 'csv',
      days: 6,
      firstDay: '1999-01-04',
      lastDay: '2026-11-27',
      added: 6 * 41 - hist.body.data.skippedNotAvailable,
      replaced: 0,
      unchanged: 0,
      skippedNotAvailable: hist.body.data.skippedNotAvailable,
    });
    expect(hist.body.data.skippedNotAvailable).toBeGreaterThan(40);
    expect(hist.body.message).toBe(
      `Imported 6 days of ECB rates: ${hist.body.data.added} added, 0 replaced, 0 unchanged`,
    );
    const trl = await call(who, 'GET', '/api/rates?quote=TRL');
    expect(trl.body.data.items).toMatchObject([
      { base: 'EUR', quote: 'TRL', day: '1999-01-04', rate: '0.3723', source: 'ecb' },
    ]);

    // The same days again from the XML: nothing new; the daily CSV agrees with the history.
    const daily = await call(who, 'POST', '/api/rates/import', {
      content: fixture('eurofxref-daily.xml'),
    });
    expect(daily.body.data).toMatchObject({ format: 'xml', days: 1, added: 0, unchanged: 30 });
    const ninety = await call(who, 'POST', '/api/rates/import', {
      content: fixture('eurofxref-hist-90d.xml'),
    });
    expect(ninety.body.data).toMatchObject({ days: 4, added: 3, unchanged: 9, replaced: 0 });
  });

  it('replace the ECB value of a day that changed and keep a hand-entered one of that day', async () => {
    const who = await t.signUp();
    await call(who, 'POST', '/api/rates/import', { content: fixture('eurofxref.csv') });
    await call(who, 'POST', '/api/rates', {
      base: 'EUR',
      quote: 'USD',
      day: '2026-11-27',
      rate: '1.1',
    });
    const corrected = await call(who, 'POST', '/api/rates/import', {
      content: file('Date, USD, JPY, \n27 November 2026, 1.0825, 157.12, \n'),
    });
    expect(corrected.body.data).toMatchObject({ added: 0, replaced: 1, unchanged: 1 });
    const usd = await call(who, 'GET', '/api/rates?quote=USD');
    expect(
      usd.body.data.items.map((r: { source: string; rate: string }) => [r.source, r.rate]).sort(),
    ).toEqual([
      ['ecb', '1.0825'],
      ['manual', '1.1'],
    ]);
  });

  it('refuse a malformed file saying where, and write nothing of it', async () => {
    const who = await t.signUp();
    const broken = 'Date,USD,JPY,\n2026-11-27,1.0823,157.12,\n2026-11-26,1.0798,15680,x\n';
    const refused = await call(who, 'POST', '/api/rates/import', { content: file(broken) });
    expect(refused).toMatchObject({
      status: 422,
      body: {
        code: 'UNPROCESSABLE',
        message:
          'The rate file cannot be read: line 3: a value after the last currency of the header',
      },
    });
    const zip = await call(who, 'POST', '/api/rates/import', {
      content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]).toString('base64'),
    });
    expect(zip.body.message).toBe(RATE_FILE_MESSAGES.zip);
    expect(await rowsOf(who)).toBe(0);
  });

  it('bound the file before reading it: over 16 MB is a 400, a larger body a 413', async () => {
    const who = await t.signUp();
    const overLimit = 'A'.repeat(Math.ceil(RATE_FILE_BYTES_MAX / 3) * 4 + 4);
    const refused = await call(who, 'POST', '/api/rates/import', { content: overLimit });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The file must be at most 16 MB' },
    });
    const tooLarge = await t.rest(who, {
      method: 'POST',
      url: '/api/rates/import',
      payload: { content: `${overLimit}${'A'.repeat(128 * 1024)}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(await rowsOf(who)).toBe(0);
  });

  it('answer a replayed import from the record, with no second effect', async () => {
    const who = await t.signUp();
    const key = randomUUID();
    const body = { content: fixture('eurofxref-hist-90d.xml') };
    const first = await call(who, 'POST', '/api/rates/import', body, key);
    await call(who, 'POST', '/api/rates', {
      base: 'EUR',
      quote: 'USD',
      day: '2026-11-27',
      rate: '2',
    });
    const again = await call(who, 'POST', '/api/rates/import', body, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(who)).toBe(13);
  });

  it('list a page at a time, newest day first, narrowed by pair and days', async () => {
    const who = await t.signUp();
    await call(who, 'POST', '/api/rates/import', { content: fixture('eurofxref-hist.csv') });
    const all = await allRates(who, '', 7);
    expect(all).toHaveLength(await rowsOf(who));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const days = all.map((r) => r.day);
    expect(days).toEqual([...days].sort().reverse());

    const usd = await allRates(who, '&base=EUR&quote=USD&from=2007-01-01&to=2026-11-26', 2);
    expect(usd.map((r) => [r.day, r.rate])).toEqual([
      ['2026-11-26', '1.0798'],
      ['2026-11-25', '1.0801'],
      ['2022-02-28', '1.1240'],
      ['2007-12-31', '1.4721'],
    ]);
    expect((await call(other, 'GET', '/api/rates?quote=CYP')).body.data.items).toEqual([]);
  });

  it('refuse a cursor it did not write and a range that ends before it starts', async () => {
    const bad = await call(user, 'GET', '/api/rates?cursor=bm9wZQ');
    expect(bad).toMatchObject({ status: 400, body: { message: 'Invalid cursor' } });
    const range = await call(user, 'GET', '/api/rates?from=2026-02-01&to=2026-01-01');
    expect(range).toMatchObject({ status: 400, body: { message: 'from must not be after to' } });
  });
});

describe('nearestEarlierRate', () => {
  let book = '';
  const lookup = (from: string, to: string, day: string, windowDays = 7) =>
    nearestEarlierRate(t.database.db, book, from, to, day, windowDays);

  beforeAll(async () => {
    const who = await t.signUp();
    book = who.bookId;
    // ECB: EUR->USD and EUR->JPY on the 27th and 26th; EUR->GBP on the 20th only.
    await call(who, 'POST', '/api/rates/import', {
      content: file(
        'Date,USD,JPY,GBP,\n2026-11-27,1.0823,157.12,N/A,\n2026-11-26,1.0798,N/A,N/A,\n2026-11-20,N/A,156.01,0.8531,\n',
      ),
    });
    // By hand: EUR->USD on the 27th (wins over the ECB's that day), CHF->SEK on the 10th.
    await call(who, 'POST', '/api/rates', {
      base: 'EUR',
      quote: 'USD',
      day: '2026-11-27',
      rate: '1.09',
    });
    await call(who, 'POST', '/api/rates', {
      base: 'CHF',
      quote: 'SEK',
      day: '2026-11-10',
      rate: '11.7',
    });
    // Another book's rates are never seen.
    await call(other, 'POST', '/api/rates', {
      base: 'EUR',
      quote: 'GBP',
      day: '2026-11-26',
      rate: '9',
    });
  });

  it('takes the day itself, a hand-entered rate first', async () => {
    expect(await lookup('EUR', 'USD', '2026-11-27')).toMatchObject({
      day: '2026-11-27',
      route: 'direct',
      source: 'manual',
      rate: { numerator: '1.09', denominator: '1' },
    });
  });

  it('takes the nearest earlier day within the window, never a later one', async () => {
    expect(await lookup('EUR', 'GBP', '2026-11-26')).toMatchObject({
      day: '2026-11-20',
      source: 'ecb',
      rate: { numerator: '0.8531', denominator: '1' },
    });
    expect(await lookup('EUR', 'USD', '2026-11-26')).toMatchObject({
      day: '2026-11-26',
      rate: { numerator: '1.0798' },
    });
    // The 25th has only later rates: none.
    expect(await lookup('EUR', 'USD', '2026-11-25')).toBeNull();
    // Six days back is outside a five-day window, inside a six-day one.
    expect(await lookup('EUR', 'GBP', '2026-11-26', 5)).toBeNull();
    expect(await lookup('EUR', 'GBP', '2026-11-26', 6)).toMatchObject({ day: '2026-11-20' });
    expect(await lookup('EUR', 'USD', '2026-11-26', 0)).toMatchObject({ day: '2026-11-26' });
  });

  it('turns the opposite pair over exactly, as a fraction', async () => {
    expect(await lookup('USD', 'EUR', '2026-11-28')).toMatchObject({
      day: '2026-11-27',
      route: 'inverse',
      source: 'manual',
      rate: { numerator: '1', denominator: '1.09' },
      legs: [{ base: 'EUR', quote: 'USD', rate: '1.09' }],
    });
    expect(await lookup('SEK', 'CHF', '2026-11-12')).toMatchObject({
      route: 'inverse',
      rate: { numerator: '1', denominator: '11.7' },
    });
  });

  it('crosses through EUR on one day: USD->JPY = EUR->JPY / EUR->USD', async () => {
    expect(await lookup('USD', 'JPY', '2026-11-27')).toMatchObject({
      day: '2026-11-27',
      route: 'eurCross',
      rate: { numerator: '157.12', denominator: '1.09' },
      source: 'ecb',
      legs: [
        { base: 'EUR', quote: 'USD', rate: '1.09', source: 'manual' },
        { base: 'EUR', quote: 'JPY', rate: '157.12', source: 'ecb' },
      ],
    });
    // On the 26th there is no JPY; the nearest day with both legs is the 27th: later, so none
    // on the 26th, and the 20th has no USD.
    expect(await lookup('USD', 'JPY', '2026-11-26')).toBeNull();
    expect(await lookup('GBP', 'JPY', '2026-11-23')).toMatchObject({
      day: '2026-11-20',
      rate: { numerator: '156.01', denominator: '0.8531' },
    });
    expect(await lookup('GBP', 'JPY', '2026-11-23', 2)).toBeNull();
  });

  it('answers null for a pair no route reaches, and never reads another book', async () => {
    expect(await lookup('CHF', 'JPY', '2026-11-27')).toBeNull();
    expect(await lookup('EUR', 'GBP', '2026-11-27', 0)).toBeNull();
  });
});
