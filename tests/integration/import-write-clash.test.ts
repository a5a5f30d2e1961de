import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBatch,
  insertChange,
  insertEntries,
  type ImportEntryValues,
} from '../../src/server/features/import/import-repository.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * The import's write (import-repository.ts): rows go in with a plain INSERT, and only when a
 * unique index refuses one (a row another writer made live in the account meanwhile) is the
 * write done again, skipping the clashing rows and writing the others, in the same transaction.
 */
describe(`import write when a row is already live (${testBackend})`, () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    const created = await t.caller(user).account.create({ title: 'Bank' });
    accountId = created.data.id;
  });
  afterAll(() => t.close());

  const entry = (n: number): ImportEntryValues => ({
    type: 'deposit',
    amount: String(100 * n),
    description: `Row ${n}`,
    occurred_on: '2026-03-01',
    category_id: null,
    payee: '',
    tags: [],
    bank_ref: null,
    fingerprint: createHash('sha256').update(`row ${n}`).digest('hex'),
    occurrence: 1,
  });

  async function write(entries: ImportEntryValues[]) {
    return t.database.db.transaction().execute(async (trx) => {
      const batch = await insertBatch(trx, {
        bookId: user.bookId,
        accountId,
        actorId: user.id,
        fileName: 'clash.csv',
        format: 'csv',
        contentSha256: createHash('sha256').update(JSON.stringify(entries)).digest('hex'),
      });
      const changeId = await insertChange(trx, user.bookId, user.id, 'import');
      const target = {
        bookId: user.bookId,
        accountId,
        actorId: user.id,
        batchId: batch.id,
        changeId,
      };
      return { batchId: batch.id, ...(await insertEntries(trx, target, entries)) };
    });
  }

  const liveRows = () =>
    t.database.db
      .selectFrom('transactions')
      .select(['description', 'import_batch_id'])
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('description')
      .execute();

  it('writes every row plainly when none clashes', async () => {
    const first = await write([entry(1), entry(2)]);
    expect(first).toMatchObject({ count: 2, totalCents: 300n });
  });

  it('skips the row already live and writes the rest, with history for what it wrote', async () => {
    const second = await write([entry(2), entry(3), entry(4)]);
    expect(second).toMatchObject({ count: 2, totalCents: 700n });
    const rows = await liveRows();
    expect(rows.map((row) => row.description)).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4']);
    expect(rows.filter((row) => row.import_batch_id === second.batchId)).toHaveLength(2);
    const history = await t.database.db
      .selectFrom('entry_history')
      .innerJoin('transactions', 'transactions.id', 'entry_history.entry_id')
      .select('transactions.description')
      .where('transactions.import_batch_id', '=', second.batchId)
      .execute();
    expect(history.map((row) => row.description).sort()).toEqual(['Row 3', 'Row 4']);
  });
});
