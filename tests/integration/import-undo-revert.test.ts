import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { plainCsvMapping } from '../helpers/csv-mapping.js';
import { MESSAGES } from '../../src/shared/errors.js';

// Undoing an import's revert (docs/import.md#revert, decision 024): the entries come back
// exactly, the batch is live again, and every way it could go wrong is refused changing nothing.

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url)).toString('base64');

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
  replayed?: unknown;
}

let t: TestApp;
let user: TestUser;

async function call(method: string, url: string, payload?: object, key?: string): Promise<Outcome> {
  const res = await t.rest(user, {
    method,
    url,
    ...(payload !== undefined && { payload }),
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return {
    status: res.statusCode,
    body: res.json(),
    replayed: res.headers['idempotent-replayed'],
  };
}

async function newAccount(title = 'Checking'): Promise<string> {
  return (await call('POST', '/api/account', { title })).body.data.id as string;
}

async function importFile(accountId: string, file = 'overlap-january.csv') {
  const res = await call(
    'POST',
    '/api/imports',
    { accountId, fileName: file, content: fixture(file) },
    randomUUID(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.batch as { id: string };
}

const revert = (batchId: string) =>
  call('POST', `/api/imports/${batchId}/revert`, {}, randomUUID());
const undoRevert = (batchId: string, key = randomUUID()) =>
  call('POST', `/api/imports/${batchId}/undo-revert`, {}, key);

/** Every entry of the batch as stored, in id order: what "back exactly" is compared on. */
async function entriesOfBatch(batchId: string) {
  const result = await sql<Record<string, unknown>>`
    SELECT id, account_id, transaction_type, amount_cents::text, description, payee, occurred_on,
           category_id, tags, bank_ref, import_fingerprint, import_occurrence, deleted_at IS NULL AS live
    FROM transactions WHERE import_batch_id = ${batchId}::uuid ORDER BY id`.execute(t.database.db);
  return result.rows;
}

async function balanceOf(accountId: string): Promise<number> {
  const res = await call('GET', `/api/account/${accountId}`);
  return res.body.data.balance as number;
}

async function revertChangeOf(batchId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('import_batches')
    .select('revert_change_id')
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  if (row.revert_change_id === null) throw new Error('not reverted');
  return row.revert_change_id;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

describe('undoing an import revert', () => {
  it('brings every entry back exactly, the balance too, and the batch is no longer reverted', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    const imported = await entriesOfBatch(batch.id);
    const balance = await balanceOf(account);
    expect((await revert(batch.id)).status).toBe(200);
    expect(await balanceOf(account)).toBe(0);

    const res = await undoRevert(batch.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Import restored',
      data: { batch: { id: batch.id, revertedAt: null }, account: { balance } },
    });
    expect(await entriesOfBatch(batch.id)).toEqual(imported);
    expect(await balanceOf(account)).toBe(balance);
    const listed = await call('GET', `/api/imports?accountId=${account}`);
    expect(listed.body.data[0]).toMatchObject({ id: batch.id, revertedAt: null });
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
    // Live again: the same file is recognised, and the batch can be reverted once more.
    const review = await call('POST', '/api/imports/preview', {
      accountId: account,
      fileName: 'overlap-january.csv',
      content: fixture('overlap-january.csv'),
    });
    expect(review.body.data.sameFile).toMatchObject({ id: batch.id });
    expect((await revert(batch.id)).status).toBe(200);
    expect((await undoRevert(batch.id)).status).toBe(200);
    expect(await balanceOf(account)).toBe(balance);
  });

  it('is idempotent with its key, and refused without it once done (nothing changes)', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    await revert(batch.id);
    const key = randomUUID();
    const first = await undoRevert(batch.id, key);
    expect(first.status).toBe(200);
    const retry = await undoRevert(batch.id, key);
    expect(retry.replayed).toBe('true');
    expect(retry.body).toEqual(first.body);
    const balance = await balanceOf(account);
    const again = await undoRevert(batch.id);
    expect(again).toMatchObject({ status: 409, body: { message: 'This import is not reverted' } });
    expect(await balanceOf(account)).toBe(balance);
  });

  it('a batch never reverted, or unknown, is refused', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    expect(await undoRevert(batch.id)).toMatchObject({
      status: 409,
      body: { message: 'This import is not reverted' },
    });
    expect(await undoRevert(randomUUID())).toMatchObject({
      status: 404,
      body: { message: 'Import not found' },
    });
  });

  it('refuses when the rows were imported again after the revert (they would be there twice)', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    await revert(batch.id);
    await importFile(account);
    const balance = await balanceOf(account);
    const res = await undoRevert(batch.id);
    expect(res).toMatchObject({
      status: 409,
      body: {
        message:
          '7 rows of this import were imported again after the revert; undoing it would add them twice (revert the later import first)',
      },
    });
    expect(await balanceOf(account)).toBe(balance);
    expect((await entriesOfBatch(batch.id)).every((row) => row.live === false)).toBe(true);
    const listed = await call('GET', `/api/imports?accountId=${account}`);
    expect(listed.body.data[1]).toMatchObject({ id: batch.id });
    expect(listed.body.data[1].revertedAt).not.toBeNull();
  });

  it('refuses with the figure when the balance no longer allows the entries back', async () => {
    const account = await newAccount('Savings');
    await call('POST', `/api/account/${account}/deposit`, { amount: 1000 });
    const rent = `Date,Description,Amount\n2026-01-05,Rent,-500.00\n2026-01-06,Power,-80.00\n`;
    const imported = await call(
      'POST',
      '/api/imports',
      {
        accountId: account,
        fileName: 'rent.csv',
        content: Buffer.from(rent).toString('base64'),
        mapping: plainCsvMapping(),
      },
      randomUUID(),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const batch = imported.body.data.batch as { id: string };
    await revert(batch.id);
    // Spent since: bringing 580.00 of expenses back would take 100.00 to -480.00.
    expect((await call('POST', `/api/account/${account}/withdraw`, { amount: 900 })).status).toBe(
      200,
    );
    const res = await undoRevert(batch.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Undoing this revert would leave the balance of “Savings” at -480.00, below the lowest it may go (0.00)',
    );
    expect(await balanceOf(account)).toBe(100);
    expect((await entriesOfBatch(batch.id)).some((row) => row.live === true)).toBe(false);
    const listed = await call('GET', `/api/imports?accountId=${account}`);
    expect(listed.body.data[0].revertedAt).not.toBeNull();
  });

  it('refuses when an entry of the batch changed after the revert', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    await revert(batch.id);
    // No route edits a deleted entry; a later change of one is written as the ledger would.
    const [entry] = await entriesOfBatch(batch.id);
    const later = await sql<{ id: string }>`
      INSERT INTO entry_changes (book_id, actor_id, kind)
      VALUES (${user.bookId}::uuid, ${user.id}::uuid, 'update') RETURNING id`.execute(
      t.database.db,
    );
    await sql`
      INSERT INTO entry_history (book_id, change_id, entry_id, fields, before, after)
      SELECT book_id, ${later.rows[0]?.id}::uuid, entry_id, ARRAY['description'], after, after
      FROM entry_history WHERE entry_id = ${String(entry?.id)}::uuid
        AND change_id = ${await revertChangeOf(batch.id)}::uuid`.execute(t.database.db);
    const res = await undoRevert(batch.id);
    expect(res).toMatchObject({
      status: 409,
      body: {
        message:
          'An entry of this import was changed after the revert; the revert can no longer be undone',
      },
    });
    expect(await balanceOf(account)).toBe(0);
  });

  it('the ledger’s own undo leaves a revert, and the undo of its undo, to the import', async () => {
    const account = await newAccount();
    const batch = await importFile(account);
    await revert(batch.id);
    const revertChange = await revertChangeOf(batch.id);
    const generic = await call('POST', `/api/changes/${revertChange}/undo`, {}, randomUUID());
    expect(generic).toMatchObject({
      status: 409,
      body: { message: MESSAGES.importRevertUndoneElsewhere },
    });
    expect(await balanceOf(account)).toBe(0);
    const undone = await undoRevert(batch.id);
    const balance = await balanceOf(account);
    const redo = await call(
      'POST',
      `/api/changes/${undone.body.data.changeId}/undo`,
      {},
      randomUUID(),
    );
    expect(redo).toMatchObject({
      status: 409,
      body: { message: MESSAGES.importRevertUndoneElsewhere },
    });
    expect(await balanceOf(account)).toBe(balance);
  });
});

describe('a revert keeps the lock on reconciled entries', () => {
  it('refuses to revert an import one of whose entries is reconciled, changing nothing', async () => {
    const account = await newAccount('Reconciled');
    const batch = await importFile(account);
    const [first] = await entriesOfBatch(batch.id);
    const entryId = String(first?.id);
    const cleared = await call(
      'PATCH',
      `/api/transactions/${entryId}/cleared`,
      { cleared: true },
      randomUUID(),
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const summary = await call(
      'GET',
      `/api/account/${account}/reconciliation?statementOn=${today}&statementBalance=0`,
    );
    const reconciled = await call(
      'POST',
      `/api/account/${account}/reconcile`,
      { statementOn: today, statementBalance: summary.body.data.clearedBalance },
      randomUUID(),
    );
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    const entries = await entriesOfBatch(batch.id);
    const balance = await balanceOf(account);

    const res = await revert(batch.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'RECONCILED_ENTRY' });
    expect(res.body.message).toMatch(/^An entry of this import is reconciled against a statement/);
    expect(await entriesOfBatch(batch.id)).toEqual(entries);
    expect(await balanceOf(account)).toBe(balance);
    const listed = await call('GET', `/api/imports?accountId=${account}`);
    expect(listed.body.data[0]).toMatchObject({ id: batch.id, revertedAt: null });
  });
});
