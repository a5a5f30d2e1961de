import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../helpers/restore-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertEntry } from '../helpers/ledger-sql.js';
import { trpcOutcome } from '../helpers/doors.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';

// Currencies in the full export and its restore (docs/analytics.md#full-export-and-restore):
// accounts' currencies, a transfer between two currencies with both its amounts, and the book's
// rates of every source round-trip; a file written before currencies restores as USD with no
// rates; two rates of one pair, day and source are refused.

let t: TestApp;
let owner: TestUser;
let file: BookExport;

const restoreRest = (user: TestUser, body: unknown) =>
  t.rest(user, {
    method: 'POST',
    url: '/api/book/restore',
    headers: { 'idempotency-key': randomUUID() },
    payload: { file: body },
  });

/** What a restore must keep, ids replaced by positions. */
function content(book: BookExport) {
  const account = new Map(book.accounts.map((a, i) => [a.id, i]));
  return {
    book: book.book,
    accounts: book.accounts.map((a) => [a.title, a.currency, a.balanceCents]),
    transfers: book.transfers.map((x) => [
      account.get(x.fromAccountId),
      account.get(x.toAccountId),
      x.amountCents,
      x.receivedAmountCents,
    ]),
    entries: book.entries.map((e) => [account.get(e.accountId ?? ''), e.type, e.amountCents]),
    rates: book.rates,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const caller = t.caller(owner);
  const checking = (await caller.account.create({ title: 'Checking' })).data.id;
  const yen = (await caller.account.create({ title: 'Yen' })).data.id;
  await sql`UPDATE accounts SET currency = 'JPY' WHERE id = ${yen}::uuid`.execute(t.database.db);
  await caller.account.deposit({ id: checking, amount: 500 });
  await insertEntry(t.database.db, {
    bookId: owner.bookId,
    accountId: yen,
    type: 'deposit',
    cents: 10_000n,
    occurredOn: '2026-03-02',
  });
  // 100.00 USD out, 15,712 JPY in: one transfer, two amounts.
  const transferId = randomUUID();
  const leg = { bookId: owner.bookId, occurredOn: '2026-03-03', transferId };
  await insertEntry(t.database.db, {
    ...leg,
    accountId: checking,
    type: 'transfer_out',
    cents: 10_000n,
  });
  await insertEntry(t.database.db, { ...leg, accountId: yen, type: 'transfer_in', cents: 15_712n });
  await t.rest(owner, {
    method: 'POST',
    url: '/api/rates',
    headers: { 'idempotency-key': randomUUID() },
    payload: { base: 'JPY', quote: 'USD', day: '2026-03-02', rate: '0.0065' },
  });
  await sql`INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
    VALUES (${owner.bookId}::uuid, 'EUR', 'USD', '2026-03-02', '1.08230', 'ecb'),
           (${owner.bookId}::uuid, 'EUR', 'USD', '2026-03-02', '1.0825', 'provider'),
           (${owner.bookId}::uuid, 'USD', 'JPY', '2026-03-03', '157.12', 'transfer')`.execute(
    t.database.db,
  );
  file = (await caller.bookData.export({})).data;
});
afterAll(() => t.close());

describe('currencies in the full export and restore', () => {
  it('exports each account’s currency, both amounts of a transfer and every rate as written', () => {
    expect(file.accounts.map((a) => [a.title, a.currency, a.balanceCents])).toEqual([
      ['Checking', 'USD', '40000'],
      ['Yen', 'JPY', '25712'],
    ]);
    expect(file.transfers.map((x) => [x.amountCents, x.receivedAmountCents])).toEqual([
      ['10000', '15712'],
    ]);
    expect(file.rates).toEqual([
      { base: 'EUR', quote: 'USD', day: '2026-03-02', rate: '1.08230', source: 'ecb' },
      { base: 'EUR', quote: 'USD', day: '2026-03-02', rate: '1.0825', source: 'provider' },
      { base: 'JPY', quote: 'USD', day: '2026-03-02', rate: '0.0065', source: 'manual' },
      { base: 'USD', quote: 'JPY', day: '2026-03-03', rate: '157.12', source: 'transfer' },
    ]);
  });

  it('export → restore → export keeps them, through both doors', async () => {
    for (const door of ['rest', 'trpc'] as const) {
      const someone = await t.signUp();
      const res =
        door === 'rest'
          ? await restoreRest(someone, file)
          : await trpcOutcome(() =>
              t.caller(someone, { idempotencyKey: randomUUID() }).bookData.restore({ file }),
            );
      const status = 'statusCode' in res ? res.statusCode : res.status;
      expect(status, JSON.stringify('body' in res ? res.body : '')).toBe(200);
      const again = (await t.caller(someone).bookData.export({})).data;
      expect(content(again)).toEqual(content(file));
    }
  });

  it('restores a file written before currencies as USD with no rates', async () => {
    const old = {
      ...file,
      book: { name: file.book.name, timeZone: file.book.timeZone },
      accounts: file.accounts.map(({ currency: _currency, ...a }) => a),
      // Before currencies every transfer had one amount: leave the cross-currency one out.
      transfers: [],
      entries: file.entries.filter((e) => e.transferId === null),
      changes: [],
      history: [],
    } as Record<string, unknown>;
    delete old.rates;
    // Balances as the entries left make them (before currencies, amounts were all cents).
    old.accounts = (old.accounts as BookExport['accounts']).map((a) => ({
      ...a,
      balanceCents: a.title === 'Checking' ? '50000' : '10000',
    }));
    const someone = await t.signUp();
    const res = await restoreRest(someone, old);
    expect(res.statusCode, res.body).toBe(200);
    const again = (await t.caller(someone).bookData.export({})).data;
    expect(again.book.baseCurrency).toBe('USD');
    expect(again.accounts.map((a) => a.currency)).toEqual(['USD', 'USD']);
    expect(again.rates).toEqual([]);
  });

  it('refuses two rates of one pair, day and source, and a transfer of two amounts in one currency', async () => {
    const someone = await t.signUp();
    const before = await snapshotDatabase(t.database.db);
    const rate = file.rates?.[0];
    const twice = await restoreRest(someone, { ...file, rates: [rate, rate] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(
      'The file cannot be restored: two ecb rates of EUR to USD are for 2026-03-02',
    );
    const oneCurrency = await restoreRest(someone, {
      ...file,
      accounts: file.accounts.map((a) => ({ ...a, currency: 'USD' })),
    });
    expect(oneCurrency.statusCode).toBe(422);
    expect(oneCurrency.json().message).toMatch(/^The file cannot be restored: transfer /);
    const badCode = await restoreRest(someone, {
      ...file,
      accounts: file.accounts.map((a) => ({ ...a, currency: 'XXX' })),
    });
    expect(badCode.statusCode).toBe(400);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });
});
