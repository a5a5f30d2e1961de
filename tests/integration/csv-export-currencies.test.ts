import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertEntry } from '../helpers/ledger-sql.js';

// The CSV export's currency and base-currency columns
// (docs/analytics.md#csv-export-of-a-transactions-view), through both doors: each entry in its
// account's currency with that currency's decimals, then its figure in the book's base currency
// at its own day's rate (nearest earlier within the window, never later), with the rate, its day
// and source; without a rate the cells are empty and say why, never 1:1.

const COLUMNS = [
  'Currency',
  'Base currency',
  'Base amount',
  'Rate',
  'Rate day',
  'Rate source',
  'Not converted',
];

let t: TestApp;
let user: TestUser;

async function accountIn(title: string, currency: string): Promise<string> {
  const id = (await t.caller(user).account.create({ title })).data.id;
  await sql`UPDATE accounts SET currency = ${currency} WHERE id = ${id}::uuid`.execute(
    t.database.db,
  );
  return id;
}

async function addRate(base: string, quote: string, day: string, rate: string) {
  const res = await t.rest(user, {
    method: 'POST',
    url: '/api/rates',
    headers: { 'idempotency-key': randomUUID() },
    payload: { base, quote, day, rate },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The file's records as cells (no cell here holds a comma, a quote or a line break). */
const table = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  const yen = await accountIn('Yen', 'JPY');
  const dinar = await accountIn('Dinar', 'KWD');
  const entry = (accountId: string, cents: bigint, occurredOn: string, description: string) =>
    insertEntry(t.database.db, {
      bookId: user.bookId,
      accountId,
      type: 'deposit',
      cents,
      occurredOn,
      description,
    });
  await entry(yen, 10_000n, '2026-03-02', 'Yen on Monday');
  await entry(yen, 1_001n, '2026-03-07', 'Yen on Saturday');
  await entry(yen, 500n, '2026-02-01', 'Yen long before');
  await entry(dinar, 12_345n, '2026-03-02', 'Dinar by cross');
  await t.caller(user).expense.create({ amount: 3, occurredOn: '2026-03-03', description: 'Cash' });
  // JPY to USD by hand on Monday (direct); the ECB-style EUR rates for a cross to KWD; a rate
  // dated after an entry is never used for it.
  await addRate('JPY', 'USD', '2026-03-02', '0.0065');
  await addRate('EUR', 'USD', '2026-03-02', '1.0823');
  await addRate('EUR', 'KWD', '2026-03-02', '0.3321');
  await addRate('JPY', 'USD', '2026-03-09', '0.0070');
});
afterAll(() => t.close());

describe.each(['rest', 'trpc'] as const)('base-currency columns (%s)', (door) => {
  const exportCsv = async (): Promise<string> => {
    if (door === 'rest') {
      const res = await t.rest(user, {
        method: 'GET',
        url: '/api/transactions/export.csv?sort=date_asc',
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    }
    const file = await t.caller(user).transaction.exportCsv({ sort: 'date_asc' });
    let text = '';
    for await (const line of file.lines) text += line;
    return text;
  };

  it('writes each entry in its currency and its base figure with rate, day and source', async () => {
    const [header, ...rows] = table(await exportCsv());
    expect(header?.slice(0, 8)).toEqual([
      'Date',
      'Type',
      'Amount',
      'Account',
      'Category',
      'Payee',
      'Description',
      'Tags',
    ]);
    expect(header?.slice(8)).toEqual(COLUMNS);
    const byDescription = new Map(rows.map((cells) => [cells[6], cells]));
    const cells = (description: string) => {
      const found = byDescription.get(description);
      return found ? [found[2], ...found.slice(8)] : undefined;
    };
    // 10,000 JPY at 0.0065 is 65.00 USD, the rate of its own day, entered by hand.
    expect(cells('Yen on Monday')).toEqual([
      '10000',
      'JPY',
      'USD',
      '65.00',
      '0.0065',
      '2026-03-02',
      'manual',
      '',
    ]);
    // Saturday: Monday's rate (nearest earlier within 7 days), never the later one of the 9th.
    // 1,001 JPY at 0.0065 is 6.5065, rounded half-even to 6.51.
    expect(cells('Yen on Saturday')).toEqual([
      '1001',
      'JPY',
      'USD',
      '6.51',
      '0.0065',
      '2026-03-02',
      'manual',
      '',
    ]);
    // A month before any rate: not converted, with the reason.
    expect(cells('Yen long before')).toEqual([
      '500',
      'JPY',
      'USD',
      '',
      '',
      '',
      '',
      'No JPY to USD rate on 2026-02-01 or in the 7 days before',
    ]);
    // KWD to USD through EUR: 12.345 KWD * 1.0823 / 0.3321 = 40.2314... USD.
    expect(cells('Dinar by cross')).toEqual([
      '12.345',
      'KWD',
      'USD',
      '40.23',
      '3.25895814514',
      '2026-03-02',
      'manual (EUR cross)',
      '',
    ]);
    // An expense without an account is in the base currency: itself at 1.
    expect(cells('Cash')).toEqual(['-3.00', 'USD', 'USD', '-3.00', '1', '', '', '']);
  });
});
