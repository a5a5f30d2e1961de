import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertEntry, insertSplitExpense, categoriesByName } from '../helpers/ledger-sql.js';
import { testBackend } from '../helpers/test-database.js';
import type { EntryType } from '../../src/server/db/schema.js';
import type { Conversion } from '../../src/server/features/analytics/conversion-repository.js';
import { conversionFor } from '../../src/server/features/analytics/analytics-service.js';
import {
  dashboardFigures,
  incomeVsSpending,
  largestEntries,
  spendingByCategory,
  topPayees,
} from '../../src/server/features/analytics/analytics-repository.js';
import { netWorthRows } from '../../src/server/features/analytics/net-worth-repository.js';
import { recordConversions } from '../../src/server/features/analytics/conversion-recorder.js';
import { recorderHasWork } from '../../src/server/features/analytics/conversion-record-repository.js';

/**
 * Recorded conversions (docs/analytics.md#recorded-conversions): every chart answers the same
 * from the recorded base amounts as converting each entry on read, and every change that can
 * move an entry's conversion (its amount, day, account or deletion, a split line, a rate, the
 * base currency) takes the recorded value out of use until it is recorded again. On PostgreSQL,
 * a rate committed while the recorder runs is never lost.
 */

const NOW = new Date('2026-11-25T12:00:00Z');
const PERIOD_FROM = '2026-10-01';
const PERIOD_TO = '2026-11-30';
const CURRENCIES = ['USD', 'JPY', 'KWD', 'EUR'] as const;
const TYPES: EntryType[] = ['expense', 'expense', 'withdraw', 'deposit'];

let t: TestApp;
let user: TestUser;
const accounts: Record<string, string> = {};
const entryIds: string[] = [];

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (n: number) => {
  const d = new Date(Date.UTC(2026, 9, 1 + n));
  return d.toISOString().slice(0, 10);
};

async function addRate(base: string, quote: string, on: string, rate: string) {
  await sql`INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
    VALUES (${user.bookId}::uuid, ${base}, ${quote}, ${on}::date, ${rate}::numeric, 'manual')
    ON CONFLICT (book_id, base_currency, quote_currency, day, precedence)
    DO UPDATE SET rate = excluded.rate`.execute(t.database.db);
}

const db = () => t.database.db;
const scope = () => ({ bookId: user.bookId });
const period = () => ({ bookId: user.bookId, from: PERIOD_FROM, to: PERIOD_TO });

/** Every chart that sums converted amounts, read with conversion `c`. */
async function charts(c: Conversion) {
  return {
    categories: await spendingByCategory(db(), period(), c),
    months: await incomeVsSpending(db(), scope(), NOW, c),
    payees: await topPayees(db(), period(), c),
    largest: await largestEntries(db(), period(), c),
    dashboard: await dashboardFigures(db(), user.bookId, NOW, c),
    netWorth: await netWorthRows(db(), user.bookId, '2026-11-30', c),
  };
}

/** The figures from the recorded amounts, which must be in use, and converted on read. */
async function bothWays() {
  const recorded = await conversionFor(db(), user.bookId, '2025-01-01', '2026-12-31');
  expect(recorded.recorded).toBe(true);
  const onRead = await conversionFor(db(), user.bookId, '2025-01-01', '2026-12-31', false);
  expect(onRead.recorded).toBe(false);
  return { recorded: await charts(recorded), onRead: await charts(onRead) };
}

/** Records the book until nothing is left, waiting out a background run that holds it. */
async function recordAll() {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (!(await recorderHasWork(db(), user.bookId))) return;
    if (!(await recordConversions(db(), user.bookId)).ran)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The book was not recorded');
}

/** Rows of live entries (or of their split lines) not recorded. */
async function unrecorded(table: 'transactions' | 'entry_splits') {
  const { rows } =
    table === 'transactions'
      ? await sql<{ n: number }>`SELECT count(*)::int AS n FROM transactions
          WHERE book_id = ${user.bookId}::uuid AND NOT base_recorded AND deleted_at IS NULL`.execute(
          db(),
        )
      : await sql<{ n: number }>`SELECT count(*)::int AS n FROM entry_splits s
          JOIN transactions t ON t.book_id = s.book_id AND t.id = s.entry_id
          WHERE s.book_id = ${user.bookId}::uuid AND NOT s.base_recorded
            AND t.deleted_at IS NULL`.execute(db());
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  user = await t.signUp();
  const caller = t.caller(user);
  for (const currency of CURRENCIES) {
    const created = (await caller.account.create({ title: `${currency} account` })).data;
    accounts[currency] = created.id;
    await sql`UPDATE accounts SET currency = ${currency}, credit_limit_cents = 100000000000
      WHERE id = ${created.id}::uuid`.execute(db());
  }
  const cats = [...(await categoriesByName(db(), user.bookId)).values()].map((c) => c.id);
  const next = random(2026);
  // Rates on some days only: a direct JPY rate, KWD and EUR through EUR (a cross), gaps longer
  // than the window so some entries have none, and exact ties (half a cent a yen).
  for (let n = 0; n < 61; n += 1) {
    if (next() < 0.3) await addRate('JPY', 'USD', day(n), next() < 0.3 ? '0.005' : '0.0067');
    if (next() < 0.4) {
      await addRate('EUR', 'USD', day(n), (1.05 + next() / 10).toFixed(4));
      await addRate('EUR', 'KWD', day(n), (0.3 + next() / 20).toFixed(4));
    }
  }
  for (let i = 0; i < 160; i += 1) {
    const currency = CURRENCIES[Math.floor(next() * CURRENCIES.length)] ?? 'USD';
    const type = TYPES[Math.floor(next() * TYPES.length)] ?? 'expense';
    const accountId = accounts[currency] ?? null;
    const on = day(Math.floor(next() * 61));
    const minor = BigInt(1 + Math.floor(next() * 200_000));
    const payee = `Payee ${Math.floor(next() * 6)}`;
    if (type === 'expense' && next() < 0.15) {
      entryIds.push(
        await insertSplitExpense(db(), {
          bookId: user.bookId,
          accountId,
          occurredOn: on,
          payee,
          lines: [
            { categoryId: cats[0] ?? null, cents: minor },
            { categoryId: cats[1] ?? null, cents: minor / 3n + 1n },
          ],
        }),
      );
      continue;
    }
    entryIds.push(
      await insertEntry(db(), {
        bookId: user.bookId,
        accountId,
        type,
        cents: minor,
        occurredOn: on,
        payee,
        categoryId: cats[Math.floor(next() * 4)] ?? null,
      }),
    );
  }
  // An expense without an account is in the base currency.
  entryIds.push(
    await insertEntry(db(), {
      bookId: user.bookId,
      accountId: null,
      type: 'expense',
      cents: 4_321n,
      occurredOn: day(50),
    }),
  );
});

afterAll(async () => {
  await t.close();
});

describe('recorded conversions', () => {
  it('are converted on read until recorded, and answer every chart the same once recorded', async () => {
    const before = await conversionFor(db(), user.bookId, PERIOD_FROM, PERIOD_TO);
    expect(before.recorded).toBe(false);
    await recordAll();
    expect(await unrecorded('transactions')).toBe(0);
    expect(await unrecorded('entry_splits')).toBe(0);
    const { recorded, onRead } = await bothWays();
    expect(recorded).toEqual(onRead);
    // The book has both: converted entries and ones without a rate.
    expect(recorded.categories.pending.length).toBeGreaterThan(0);
    expect(recorded.categories.rows.length).toBeGreaterThan(0);
  });

  it('an entry changed in amount, day, account or deletion is taken out of use, its split lines with it', async () => {
    await recordAll();
    const split = (
      await sql<{ entry_id: string }>`SELECT entry_id FROM entry_splits
        WHERE book_id = ${user.bookId}::uuid LIMIT 1`.execute(db())
    ).rows[0]?.entry_id;
    expect(split).toBeDefined();
    await sql`UPDATE transactions SET occurred_on = occurred_on - 1 WHERE id = ${split}::uuid`.execute(
      db(),
    );
    expect(await unrecorded('transactions')).toBe(1);
    expect(await unrecorded('entry_splits')).toBeGreaterThanOrEqual(2);
    // A change of description moves no money: the recorded value stays.
    await sql`UPDATE transactions SET description = 'renamed'
      WHERE id = ${entryIds[1] ?? ''}::uuid`.execute(db());
    expect(await unrecorded('transactions')).toBe(1);
    await sql`UPDATE transactions SET amount_cents = amount_cents + 7
      WHERE id = ${entryIds[2] ?? ''}::uuid`.execute(db());
    await sql`UPDATE transactions SET deleted_at = now() WHERE id = ${entryIds[3] ?? ''}::uuid`.execute(
      db(),
    );
    await sql`UPDATE entry_splits SET amount_cents = amount_cents + 1
      WHERE book_id = ${user.bookId}::uuid AND entry_id <> ${split}::uuid`.execute(db());
    const stale = await conversionFor(db(), user.bookId, PERIOD_FROM, PERIOD_TO);
    expect(stale.recorded).toBe(false);
    await recordAll();
    const { recorded, onRead } = await bothWays();
    expect(recorded).toEqual(onRead);
  });

  it('a rate added, changed or removed takes the entries of its days and window out of use', async () => {
    await recordAll();
    const figures = async () => (await bothWays()).recorded;
    const first = await figures();
    // A rate on a day, then changed, then removed: each time the figures follow, as on read.
    await addRate('JPY', 'USD', day(20), '0.0099');
    expect((await conversionFor(db(), user.bookId, PERIOD_FROM, PERIOD_TO)).recorded).toBe(false);
    await recordAll();
    const added = await bothWays();
    expect(added.recorded).toEqual(added.onRead);
    await addRate('JPY', 'USD', day(20), '0.0011');
    await recordAll();
    const changed = await bothWays();
    expect(changed.recorded).toEqual(changed.onRead);
    expect(changed.recorded).not.toEqual(added.recorded);
    await sql`DELETE FROM exchange_rates WHERE book_id = ${user.bookId}::uuid
      AND base_currency = 'JPY' AND day = ${day(20)}::date`.execute(db());
    await recordAll();
    const removed = await bothWays();
    expect(removed.recorded).toEqual(removed.onRead);
    expect(removed.recorded).toEqual(first);
    // Nothing is left to mark once recorded.
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rate_changes
      WHERE book_id = ${user.bookId}::uuid`.execute(db());
    expect(left.rows[0]?.n).toBe(0);
  });

  it('another base currency takes every recorded value out of use', async () => {
    await recordAll();
    await sql`UPDATE books SET base_currency = 'EUR' WHERE id = ${user.bookId}::uuid`.execute(db());
    expect(await unrecorded('transactions')).toBeGreaterThan(100);
    await recordAll();
    const { recorded, onRead } = await bothWays();
    expect(recorded).toEqual(onRead);
    await sql`UPDATE books SET base_currency = 'USD' WHERE id = ${user.bookId}::uuid`.execute(db());
    await recordAll();
  });

  it('the charts answer through the API the same before and after recording', async () => {
    await sql`UPDATE transactions SET base_recorded = false, base_amount = NULL
      WHERE book_id = ${user.bookId}::uuid`.execute(db());
    await sql`UPDATE entry_splits SET base_recorded = false, base_amount = NULL
      WHERE book_id = ${user.bookId}::uuid`.execute(db());
    const read = async () => {
      const caller = t.caller(user);
      return {
        netWorth: await caller.analytics.netWorth({ valuedOn: '2026-11-30' }),
        months: await caller.analytics.incomeVsSpending({}),
      };
    };
    // A batch of one: the first reads find most entries unrecorded and convert on read.
    const outcome = await recordConversions(db(), user.bookId, 1);
    expect(outcome).toMatchObject({ ran: true, entries: 1 });
    const onRead = await read();
    await recordAll();
    expect(await read()).toEqual(onRead);
  });
});

describe('a book deleted', () => {
  it('takes its rates and their noted days with it', async () => {
    const other = await t.signUp();
    await sql`INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
      VALUES (${other.bookId}::uuid, 'EUR', 'USD', '2026-11-02', 1.1, 'manual')`.execute(db());
    await sql`DELETE FROM books WHERE id = ${other.bookId}::uuid`.execute(db());
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rate_changes
      WHERE book_id = ${other.bookId}::uuid`.execute(db());
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('the background recorder', () => {
  it('a chart that converted on read gets its book recorded, without waiting for it', async () => {
    await sql`UPDATE transactions SET base_recorded = false, base_amount = NULL
      WHERE book_id = ${user.bookId}::uuid`.execute(db());
    const caller = t.caller(user);
    await caller.analytics.spendingByCategory({ from: PERIOD_FROM, to: PERIOD_TO });
    await expect.poll(() => unrecorded('transactions'), { timeout: 20_000 }).toBe(0);
    expect((await conversionFor(db(), user.bookId, PERIOD_FROM, PERIOD_TO)).recorded).toBe(true);
  });
});

describe.runIf(testBackend === 'postgres')(
  'recorded conversions under concurrency (postgres)',
  () => {
    it('a rate committed while the recorder runs is marked and recorded afterwards', async () => {
      await recordAll();
      // A transaction adds a rate and waits; the recorder runs meanwhile, without it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const didInsert = new Promise<void>((resolve) => (inserted = resolve));
      const writer = db()
        .transaction()
        .execute(async (trx) => {
          await sql`INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
          VALUES (${user.bookId}::uuid, 'EUR', 'USD', ${day(40)}::date, 2.5, 'manual')
          ON CONFLICT (book_id, base_currency, quote_currency, day, precedence)
          DO UPDATE SET rate = excluded.rate`.execute(trx);
          inserted();
          await held;
        });
      await didInsert;
      await sql`UPDATE transactions SET amount_cents = amount_cents + 1
      WHERE id = ${entryIds[5] ?? ''}::uuid`.execute(db());
      const during = await recordConversions(db(), user.bookId);
      expect(during.ran).toBe(true);
      release();
      await writer;
      // The recorded values are no longer in use for those days, and once recorded they agree.
      expect((await conversionFor(db(), user.bookId, PERIOD_FROM, PERIOD_TO)).recorded).toBe(false);
      await recordAll();
      const { recorded, onRead } = await bothWays();
      expect(recorded).toEqual(onRead);
    });

    it('recorders, rate changes and entry edits running together leave every recorded value right', async () => {
      const next = random(7);
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 120; i += 1) {
        const pick = next();
        const id = entryIds[Math.floor(next() * entryIds.length)] ?? '';
        if (pick < 0.3) {
          writes.push(
            addRate(
              next() < 0.5 ? 'JPY' : 'EUR',
              'USD',
              day(Math.floor(next() * 61)),
              (0.004 + next()).toFixed(4),
            ),
          );
        } else if (pick < 0.6) {
          writes.push(
            sql`UPDATE transactions SET amount_cents = amount_cents + 3 WHERE id = ${id}::uuid`.execute(
              db(),
            ),
          );
        } else if (pick < 0.75) {
          writes.push(
            sql`UPDATE transactions SET occurred_on = ${day(Math.floor(next() * 61))}::date
            WHERE id = ${id}::uuid`.execute(db()),
          );
        } else {
          writes.push(recordConversions(db(), user.bookId));
        }
      }
      await Promise.all(writes);
      await recordAll();
      const { recorded, onRead } = await bothWays();
      expect(recorded).toEqual(onRead);
    });

    it('a second recorder leaves the book to the one that holds it', async () => {
      await sql`UPDATE transactions SET amount_cents = amount_cents + 1
      WHERE id = ${entryIds[6] ?? ''}::uuid`.execute(db());
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const didLock = new Promise<void>((resolve) => (locked = resolve));
      const holder = db()
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(hashtextextended('conversions:' || ${user.bookId}, 0))`.execute(
            trx,
          );
          locked();
          await held;
        });
      await didLock;
      expect(await recordConversions(db(), user.bookId)).toEqual({
        ran: false,
        entries: 0,
        splits: 0,
      });
      release();
      await holder;
      expect((await recordConversions(db(), user.bookId)).ran).toBe(true);
      expect(await unrecorded('transactions')).toBe(0);
    });
  },
);
