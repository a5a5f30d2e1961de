import { plainCsvMapping } from '../helpers/csv-mapping.js';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// The duplicate rule as a property (docs/import.md#duplicates): statements cut from one bank
// history by whole days, overlapping at random, each written with its own capitalisation and
// spacing, imported in any order and any number of times, leave exactly the union of the days
// they cover, each bank row once, and every balance equal to its ledger.

const DESCRIPTIONS = ['Corner Coffee', 'Metro card', 'Café Crème', 'Grocer', 'Salary'];
const AMOUNTS = [-420, -1250, -300, 250000, -99];
const DAYS = 12;

interface BankRow {
  day: number;
  description: string;
  cents: number;
}

const bankRow = fc.record({
  day: fc.integer({ min: 1, max: DAYS }),
  description: fc.constantFrom(...DESCRIPTIONS),
  cents: fc.constantFrom(...AMOUNTS),
});

const dateOf = (day: number) => `2026-05-${String(day).padStart(2, '0')}`;
const units = (cents: number) => (cents / 100).toFixed(2);

/** A statement of the days [from, to] as a bank writes it, in one of a few styles. */
function statement(history: readonly BankRow[], from: number, to: number, style: number): string {
  const rows = history.filter((row) => row.day >= from && row.day <= to);
  const text = (description: string) =>
    style === 1
      ? description.toUpperCase()
      : style === 2
        ? `  ${description.replace(' ', '   ')} `
        : description;
  return [
    'Date,Description,Amount',
    ...rows.map((row) => `${dateOf(row.day)},"${text(row.description)}",${units(row.cents)}`),
  ].join('\n');
}

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

it('any order, any repetition of overlapping statements imports the union, each row once', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(bankRow, { minLength: 1, maxLength: 25 }),
      fc.array(
        fc.record({
          from: fc.integer({ min: 1, max: DAYS }),
          length: fc.integer({ min: 0, max: DAYS }),
          style: fc.integer({ min: 0, max: 2 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      async (unsorted, statements, order) => {
        // Within a day the bank's order is fixed; statements keep it.
        const history = [...unsorted].sort((a, b) => a.day - b.day);
        const caller = t.caller(user);
        const account = (await caller.account.create({ title: 'Property' })).data.id;
        // Room for any sequence of debits: an opening balance entered by hand.
        await caller.account.deposit({ id: account, amount: 100_000, description: 'Opening' });
        const covered = new Set<number>();
        for (const pick of order) {
          const s = statements[pick % statements.length];
          if (!s) throw new Error('no statement');
          const to = Math.min(DAYS, s.from + s.length);
          for (let day = s.from; day <= to; day += 1) covered.add(day);
          const content = Buffer.from(statement(history, s.from, to, s.style)).toString('base64');
          try {
            // Columns confirmed: a statement may hold money in only, which the preview asks about.
            await caller.imports.commit({
              accountId: account,
              content,
              mapping: plainCsvMapping(),
            });
          } catch (error) {
            // Nothing new in it (or no rows at all): refused, nothing written.
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).message).toMatch(/^Nothing to import/);
          }
        }
        const expected = history
          .filter((row) => covered.has(row.day))
          .map((row) => `${dateOf(row.day)}|${row.cents}|${row.description.toLowerCase()}`)
          .sort();
        const entries = await sql<{ occurred_on: string; signed: string; description: string }>`
          SELECT occurred_on, (CASE WHEN transaction_type = 'deposit' THEN amount_cents
                                    ELSE -amount_cents END)::text AS signed, description
          FROM transactions
          WHERE account_id = ${account}::uuid AND deleted_at IS NULL AND import_batch_id IS NOT NULL`.execute(
          t.database.db,
        );
        const actual = entries.rows
          .map(
            (row) =>
              `${row.occurred_on}|${row.signed}|${row.description.trim().replace(/\s+/g, ' ').toLowerCase()}`,
          )
          .sort();
        expect(actual).toEqual(expected);
        const balance = await sql<{ balance: string; ledger: string }>`
          SELECT a.balance_cents::text AS balance,
                 (SELECT sum(CASE WHEN transaction_type = 'deposit' THEN amount_cents ELSE -amount_cents END)
                  FROM transactions WHERE account_id = a.id AND deleted_at IS NULL)::text AS ledger
          FROM accounts a WHERE a.id = ${account}::uuid`.execute(t.database.db);
        const [{ balance: held, ledger } = { balance: 'missing', ledger: '' }] = balance.rows;
        expect(held).toBe(ledger);
        const importedSum = history
          .filter((row) => covered.has(row.day))
          .reduce((sum, row) => sum + row.cents, 0);
        expect(BigInt(held)).toBe(10_000_000n + BigInt(importedSum));
      },
    ),
    { numRuns: Number(process.env.IMPORT_PROPERTY_RUNS ?? 25) },
  );
});
