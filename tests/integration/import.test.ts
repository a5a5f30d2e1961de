import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';

// Bank file import (docs/import.md) through the REST door, as a script would use it: each
// fixture of tests/fixtures/imports imported into a fresh account, and the exact entries and
// balance that result.

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url)).toString('base64');

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
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
  return { status: res.statusCode, body: res.json() };
}

async function newAccount(title = 'Checking', currency?: string): Promise<string> {
  const res = await call('POST', '/api/account', { title });
  const id = res.body.data.id as string;
  // Set before the account has entries, as the API allows (docs/import.md#currencies).
  if (currency !== undefined) {
    await sql`UPDATE accounts SET currency = ${currency} WHERE id = ${id}::uuid`.execute(
      t.database.db,
    );
  }
  return id;
}

const preview = (accountId: string, file: string, extra: object = {}) =>
  call('POST', '/api/imports/preview', {
    accountId,
    fileName: file,
    content: fixture(file),
    ...extra,
  });
const commit = (accountId: string, file: string, extra: object = {}, key = randomUUID()) =>
  call(
    'POST',
    '/api/imports',
    { accountId, fileName: file, content: fixture(file), ...extra },
    key,
  );

/** The account's live entries as [date, signed amount, description, payee, category name]. */
async function entriesOf(accountId: string) {
  const result = await sql<{
    occurred_on: string;
    transaction_type: string;
    amount_cents: string | number;
    description: string;
    payee: string;
    category: string | null;
  }>`SELECT t.occurred_on, t.transaction_type, t.amount_cents, t.description, t.payee,
            c.name AS category
     FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
     WHERE t.account_id = ${accountId}::uuid AND t.deleted_at IS NULL
     ORDER BY t.occurred_on, t.seq`.execute(t.database.db);
  return result.rows.map((row) => [
    row.occurred_on,
    ((row.transaction_type === 'deposit' ? 1 : -1) * Number(row.amount_cents)) / 100,
    row.description,
    row.payee,
    row.category,
  ]);
}

/** The balance, checked against the signed sum of the live entries (the ledger's invariant). */
async function balanceOf(accountId: string): Promise<number> {
  const row = await sql<{ balance: string; sum: string }>`
    SELECT a.balance_cents::text AS balance,
           coalesce(sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN t.amount_cents
                             ELSE -t.amount_cents END), 0)::text AS sum
    FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id AND t.deleted_at IS NULL
    WHERE a.id = ${accountId}::uuid GROUP BY a.balance_cents`.execute(t.database.db);
  const [{ balance, sum } = { balance: 'missing', sum: '' }] = row.rows;
  expect(balance).toBe(sum);
  return Number(balance) / 100;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

describe('importing each fixture', () => {
  it('CSV, comma and dot, UTF-8 with BOM, month-day-year: two identical coffees both kept', async () => {
    const account = await newAccount();
    const review = await preview(account, 'comma-dot.csv');
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({
      format: 'csv',
      newCount: 6,
      duplicateCount: 0,
      errors: [],
      balanceBefore: 0,
      balanceAfter: 267.79,
      csv: { mapping: { delimiter: ',', dateOrder: 'mdy', amountColumn: 2, descriptionColumn: 1 } },
    });
    const res = await commit(account, 'comma-dot.csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Imported 6 transactions',
      data: {
        imported: 6,
        skipped: 0,
        account: { balance: 267.79 },
        batch: { entryCount: 6, total: 267.79 },
      },
    });
    expect(await entriesOf(account)).toEqual([
      ['2026-03-01', 2500, 'Salary ACME, Inc.', '', null],
      ['2026-03-02', -3.5, 'Coffee Corner', '', null],
      ['2026-03-02', -3.5, 'Coffee Corner', '', null],
      ['2026-03-05', -1200, 'Rent "March"', '', null],
      ['2026-03-09', -1045.2, 'Grocery Mart', '', null],
      ['2026-03-15', 19.99, 'Refund Online Store', '', null],
    ]);
    expect(await balanceOf(account)).toBe(267.79);
  });

  it('CSV, semicolon and decimal comma, day-month-year, payee and category columns', async () => {
    const account = await newAccount();
    const res = await commit(account, 'semicolon-decimal-comma.csv');
    expect(res.status).toBe(200);
    expect(await entriesOf(account)).toEqual([
      ['2026-04-01', 3200, 'Gehalt April', 'Arbeitgeber GmbH', 'Salary'],
      ['2026-04-03', -4.8, 'Kartenzahlung', 'Bäckerei Müller', 'Coffee'],
      ['2026-04-15', -950, 'Miete April', 'Hausverwaltung', 'Rent'],
      ['2026-04-28', -1234.56, 'Stromrechnung', 'Stadtwerke', null],
    ]);
    expect(await balanceOf(account)).toBe(1010.64);
  });

  it('CSV with separate paid out and paid in columns', async () => {
    const account = await newAccount();
    const review = await preview(account, 'debit-credit.csv');
    expect(review.body.data.csv.mapping).toMatchObject({
      debitColumn: 3,
      creditColumn: 4,
      amountColumn: null,
    });
    expect((await commit(account, 'debit-credit.csv')).status).toBe(200);
    expect(await entriesOf(account)).toEqual([
      ['2026-05-02', 1850, 'EMPLOYER LTD SALARY', '', null],
      ['2026-05-04', -54.32, 'TESCO STORES 2231', '', null],
      ['2026-05-04', -32.1, 'THAMES WATER', '', null],
      ['2026-05-17', -6.45, 'PRET A MANGER', '', null],
      ['2026-05-20', 25, 'JOHN SMITH REPAY', '', null],
    ]);
    expect(await balanceOf(account)).toBe(1782.13);
  });

  it('CSV in Windows-1252 with accents', async () => {
    const account = await newAccount();
    expect((await commit(account, 'windows-1252.csv')).status).toBe(200);
    expect(await entriesOf(account)).toEqual([
      ['2026-06-05', -2.4, 'Café de la Gare', '', null],
      ['2026-06-06', 1250, 'Virement reçu Crédit Agricole', '', null],
      ['2026-06-12', -7.85, 'Boulangerie Pâtisserie', '', null],
      ['2026-06-20', -68.12, 'Prélèvement Électricité', '', null],
    ]);
    expect(await balanceOf(account)).toBe(1171.63);
  });

  it('OFX 1.x SGML: rows keyed by FITID, identical coffees both kept', async () => {
    const account = await newAccount();
    const review = await preview(account, 'statement-v1.ofx');
    expect(review.body.data).toMatchObject({ format: 'ofx', csv: null, newCount: 5 });
    expect(review.body.data.rows.map((row: { bankRef: string }) => row.bankRef)).toEqual([
      '202607010001',
      '202607030002',
      '202607030003',
      '202607030004',
      '202607100005',
    ]);
    expect((await commit(account, 'statement-v1.ofx')).status).toBe(200);
    // NAME is the payee, MEMO the description (NAME again when there is no MEMO).
    expect(await entriesOf(account)).toEqual([
      ['2026-07-01', 1500, 'ACME CORP', 'PAYROLL DEPOSIT', null],
      ['2026-07-03', -42.17, 'SHELL OIL 5512', 'SHELL OIL 5512', null],
      ['2026-07-03', -3.5, 'BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE', null],
      ['2026-07-03', -3.5, 'BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE', null],
      ['2026-07-10', -120, 'BARNES & NOBLE', 'BARNES & NOBLE', null],
    ]);
    expect(await balanceOf(account)).toBe(1330.83);
  });

  it('OFX 2.x XML', async () => {
    const account = await newAccount('Compte', 'EUR');
    expect((await commit(account, 'statement-v2.ofx')).status).toBe(200);
    expect(await entriesOf(account)).toEqual([
      ['2026-08-01', 2100, 'SALAIRE AOUT', 'SALAIRE AOUT', null],
      ['2026-08-04', -18.9, 'CB 0408', 'Café & Crème', null],
      ['2026-08-12', -735, 'LOYER AOUT', 'LOYER AOUT', null],
    ]);
    expect(await balanceOf(account)).toBe(1346.1);
  });

  it('QIF with payees, memos and categories', async () => {
    const account = await newAccount();
    expect((await commit(account, 'statement.qif')).status).toBe(200);
    expect(await entriesOf(account)).toEqual([
      ['2026-10-01', 1200, 'October salary', 'Employer Inc', 'Salary'],
      ['2026-10-03', -64.25, 'Costco Wholesale', 'Costco Wholesale', 'Groceries'],
      ['2026-10-14', -9.99, 'Monthly subscription', 'Streamflix', 'Subscriptions'],
      ['2026-10-20', -45, 'City Water Dept', 'City Water Dept', null],
    ]);
    expect(await balanceOf(account)).toBe(1080.76);
  });
});

describe('duplicates', () => {
  it('two overlapping statements add each bank row once, whatever the case and spacing', async () => {
    const account = await newAccount();
    expect((await commit(account, 'overlap-january.csv')).status).toBe(200);
    const review = await preview(account, 'overlap-mid-january-february.csv');
    expect(review.body.data).toMatchObject({
      newCount: 2,
      duplicateCount: 4,
      balanceBefore: 935.35,
      balanceAfter: 918.8,
    });
    const first = review.body.data.rows[0];
    expect(first).toMatchObject({ line: 2, status: 'duplicate', description: 'CORNER COFFEE' });
    expect(first.duplicateOf).toMatchObject({
      occurredOn: '2026-01-20',
      amount: -4.2,
      description: 'Corner Coffee',
    });
    const res = await commit(account, 'overlap-mid-january-february.csv');
    expect(res.body.data).toMatchObject({ imported: 2, skipped: 4 });
    expect(await entriesOf(account)).toEqual([
      ['2026-01-02', 1000, 'Opening deposit', '', null],
      ['2026-01-05', -4.2, 'Corner Coffee', '', null],
      ['2026-01-14', -30, 'Metro card', '', null],
      ['2026-01-20', -4.2, 'Corner Coffee', '', null],
      ['2026-01-20', -4.2, 'Corner Coffee', '', null],
      ['2026-01-28', -22.9, 'Bookshop', '', null],
      ['2026-01-31', 0.85, 'Interest', '', null],
      ['2026-02-03', -4.2, 'Corner Coffee', '', null],
      ['2026-02-10', -12.35, 'Pharmacy', '', null],
    ]);
    expect(await balanceOf(account)).toBe(918.8);
    // Both again, in the other order: nothing more.
    for (const file of ['overlap-mid-january-february.csv', 'overlap-january.csv']) {
      const again = await commit(account, file);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(
        'Nothing to import: every row of this file is already in this account',
      );
    }
    expect(await balanceOf(account)).toBe(918.8);
  });

  it('the same file again is recognised by its content and adds nothing', async () => {
    const account = await newAccount();
    const first = await commit(account, 'statement-v1.ofx');
    const review = await preview(account, 'statement-v1.ofx');
    expect(review.body.data.sameFile).toMatchObject({
      id: first.body.data.batch.id,
      fileName: 'statement-v1.ofx',
    });
    expect(review.body.data).toMatchObject({
      newCount: 0,
      duplicateCount: 5,
      balanceAfter: 1330.83,
    });
    expect((await commit(account, 'statement-v1.ofx')).status).toBe(422);
    expect(await balanceOf(account)).toBe(1330.83);
  });

  it('a row ticked although marked duplicate is imported (the person knows better)', async () => {
    const account = await newAccount();
    await commit(account, 'overlap-january.csv');
    const res = await commit(account, 'overlap-mid-january-february.csv', { lines: [3, 7] });
    expect(res.body.data).toMatchObject({ imported: 2 });
    expect(await balanceOf(account)).toBe(918.8);
  });

  it('unique indexes keep concurrent imports of one file from adding a row twice', async () => {
    const account = await newAccount();
    const results = await Promise.all([
      commit(account, 'comma-dot.csv'),
      commit(account, 'comma-dot.csv'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await entriesOf(account)).toHaveLength(6);
    expect(await balanceOf(account)).toBe(267.79);
  });
});

describe('refusals and broken files', () => {
  it('an import that would take the balance below its floor is refused with the figure, nothing written', async () => {
    const account = await newAccount();
    const res = await commit(account, 'bad-rows.csv', { reading: { roundSubCents: false } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message:
        'This import would leave the balance at -22.50, below the lowest it may go (0.00); record an opening balance first',
    });
    expect(await entriesOf(account)).toEqual([]);
    expect((await call('GET', `/api/imports?accountId=${account}`)).body.data).toEqual([]);
  });

  it('lists the rows it cannot read with the reason, and imports the rest', async () => {
    const account = await newAccount();
    await call('POST', `/api/account/${account}/deposit`, { amount: 100 });
    const broken = [
      {
        line: 3,
        reason: 'The date “2026-02-30” is not a date (year-month-day expected)',
        text: '2026-02-30,Impossible day,-1.00',
      },
      { line: 4, reason: 'The amount “abc” is not a number', text: '2026-02-03,Not a number,abc' },
      { line: 5, reason: 'The amount is zero', text: '2026-02-04,Zero,0.00' },
    ];
    // An amount below the cent is not an error but a question: rounded, or left out?
    const review = await preview(account, 'bad-rows.csv');
    expect(review.body.data.errors).toEqual(broken);
    expect(review.body.data.rows.find((r: { line: number }) => r.line === 6)).toMatchObject({
      amount: -1,
      writtenAmount: '-1.005',
    });
    expect(review.body.data.choices).toContainEqual(
      expect.objectContaining({
        kind: 'subCents',
        answer: 'reading.roundSubCents',
        needsAnswer: true,
        rows: 1,
      }),
    );
    const unanswered = await commit(account, 'bad-rows.csv');
    expect(unanswered.status).toBe(422);
    expect(unanswered.body.message).toMatch(/^Answer this before importing: 1 amount is written/);
    const leftOut = { reading: { roundSubCents: false } };
    expect((await preview(account, 'bad-rows.csv', leftOut)).body.data.errors).toEqual([
      ...broken,
      {
        line: 6,
        reason:
          'The amount “-1.005” has more than two decimals (import it rounded, or leave it out)',
        text: '2026-02-05 Too precise',
      },
    ]);
    const bad = await commit(account, 'bad-rows.csv', { ...leftOut, lines: [2, 4] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Line 4 cannot be imported: The amount “abc” is not a number');
    const missing = await commit(account, 'bad-rows.csv', { ...leftOut, lines: [99] });
    expect(missing.body.message).toBe('There is no line 99 in this file');
    expect((await commit(account, 'bad-rows.csv', leftOut)).body.data).toMatchObject({
      imported: 2,
      skipped: 4,
    });
    expect(await balanceOf(account)).toBe(77.5);
    // Rounded instead (half-even: -1.005 is -1.00), on another account.
    const other = await newAccount('Second');
    await call('POST', `/api/account/${other}/deposit`, { amount: 100 });
    expect(
      (await commit(other, 'bad-rows.csv', { reading: { roundSubCents: true } })).body.data,
    ).toMatchObject({ imported: 3 });
    expect(await balanceOf(other)).toBe(76.5);
  });

  it('a truncated CSV: the cut-off row is reported, the others import', async () => {
    const account = await newAccount();
    await call('POST', `/api/account/${account}/deposit`, { amount: 50 });
    const review = await preview(account, 'truncated.csv');
    expect(review.body.data.errors).toEqual([
      {
        line: 4,
        reason: 'A quoted field is not closed: the file looks cut off',
        text: '2026-02-03,Hardware sto',
      },
    ]);
    expect((await commit(account, 'truncated.csv')).body.data.imported).toBe(2);
    expect(await balanceOf(account)).toBe(26.9);
  });

  it('a truncated OFX: the cut-off transaction is reported', async () => {
    const account = await newAccount();
    await call('POST', `/api/account/${account}/deposit`, { amount: 50 });
    const review = await preview(account, 'truncated.ofx');
    expect(review.body.data.errors).toEqual([
      {
        line: 2,
        reason: 'The transaction is cut off: the file looks truncated',
        text: 'DEBIT 20260302',
      },
    ]);
    expect(review.body.data.rows).toHaveLength(1);
  });

  it('a UTF-16 CSV with its byte order mark is read as such', async () => {
    const account = await newAccount();
    const review = await preview(account, 'utf16.csv');
    expect(review.status).toBe(200);
    expect(review.body.data.encoding).toBe('utf-16le');
    expect(review.body.data.rows[0]).toMatchObject({ occurredOn: '2026-02-01', amount: -20 });
  });

  it.each([['empty.csv', 'This file is empty']])(
    '%s is refused with a clear message',
    async (file, message) => {
      const account = await newAccount();
      for (const res of [await preview(account, file), await commit(account, file)]) {
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ code: 'UNPROCESSABLE', message });
      }
      expect(await entriesOf(account)).toEqual([]);
    },
  );

  it('a CSV without an amount column asks for the mapping, and importing it is refused', async () => {
    const account = await newAccount();
    const review = await preview(account, 'missing-columns.csv');
    expect(review.body.data.csv).toMatchObject({
      headers: ['Date', 'Description'],
      problem: 'Choose the amount column, or the debit and credit columns',
    });
    const res = await commit(account, 'missing-columns.csv');
    expect(res.body).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Choose the amount column, or the debit and credit columns',
    });
    const outside = await preview(account, 'missing-columns.csv', {
      mapping: { ...review.body.data.csv.mapping, amountColumn: 4 },
    });
    expect(outside.body.data.csv.problem).toBe('Column 5 does not exist: this file has 2 columns');
  });

  it('another user’s account is not found', async () => {
    const account = await newAccount();
    const other = await t.signUp();
    const res = await t.rest(other, {
      method: 'POST',
      url: '/api/imports/preview',
      payload: { accountId: account, content: fixture('comma-dot.csv') },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Account not found');
  });

  it('a file above the limit is a 413 on both doors; a large file within it is taken', async () => {
    const account = await newAccount();
    const big = Buffer.alloc(6 * 1024 * 1024, 'a').toString('base64');
    const rest = await t.rest(user, {
      method: 'POST',
      url: '/api/imports/preview',
      payload: { accountId: account, content: big },
    });
    expect(rest.statusCode).toBe(413);
    const trpc = await t.rest(user, {
      method: 'POST',
      url: '/trpc/imports.preview',
      payload: { accountId: account, content: big },
    });
    expect(trpc.statusCode).toBe(413);
    // 200 kB is above the default body limit of other routes.
    const rows = Array.from({ length: 5000 }, (_, i) => `2026-01-01,Row ${i},1.00`).join('\n');
    const content = Buffer.from(`Date,Description,Amount\n${rows}\n`).toString('base64');
    expect(content.length).toBeGreaterThan(65_536);
    for (const url of ['/api/imports/preview', '/trpc/imports.preview']) {
      const res = await t.rest(user, {
        method: 'POST',
        url,
        payload: { accountId: account, content },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('mapping, batches and revert', () => {
  it('remembers the mapping used for an account and proposes it next time', async () => {
    const account = await newAccount();
    const mapping = {
      delimiter: ',',
      hasHeader: true,
      dateColumn: 0,
      dateOrder: 'ymd',
      decimalSeparator: '.',
      amountColumn: 2,
      debitColumn: null,
      creditColumn: null,
      descriptionColumn: null,
      payeeColumn: 1,
      categoryColumn: null,
      referenceColumn: null,
    };
    expect((await commit(account, 'overlap-january.csv', { mapping })).status).toBe(200);
    const review = await preview(account, 'overlap-mid-january-february.csv');
    // A mapping stored before indicator columns existed reads as having none.
    expect(review.body.data.csv.mapping).toEqual({ ...mapping, indicatorColumn: null });
    expect(review.body.data.rows[0]).toMatchObject({
      payee: 'CORNER COFFEE',
      description: 'CORNER COFFEE',
    });
  });

  it('lists batches and reverts one as a whole, once', async () => {
    const account = await newAccount();
    const first = (await commit(account, 'overlap-january.csv')).body.data.batch;
    const second = (await commit(account, 'overlap-mid-january-february.csv')).body.data.batch;
    const list = await call('GET', `/api/imports?accountId=${account}`);
    expect(list.body.data.map((b: { id: string }) => b.id)).toEqual([second.id, first.id]);
    const res = await call('POST', `/api/imports/${second.id}/revert`, {}, randomUUID());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Import reverted',
      data: { account: { balance: 935.35 }, batch: { id: second.id } },
    });
    expect(res.body.data.batch.revertedAt).not.toBeNull();
    expect(await entriesOf(account)).toHaveLength(7);
    expect(await balanceOf(account)).toBe(935.35);
    const again = await call('POST', `/api/imports/${second.id}/revert`, {}, randomUUID());
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This import was already reverted' },
    });
    // Reverted rows can be imported again.
    expect((await commit(account, 'overlap-mid-january-february.csv')).body.data.imported).toBe(2);
    expect(await balanceOf(account)).toBe(918.8);
    // Every entry's history: a creation by the import, and for the reverted ones a deletion.
    const kinds = await sql<{ kind: string; n: string }>`
      SELECT c.kind, count(*)::text AS n FROM entry_history h JOIN entry_changes c ON c.id = h.change_id
      JOIN transactions t ON t.id = h.entry_id WHERE t.account_id = ${account}::uuid
      GROUP BY c.kind ORDER BY c.kind`.execute(t.database.db);
    expect(kinds.rows).toEqual([
      { kind: 'import', n: '11' },
      { kind: 'import-revert', n: '2' },
    ]);
  });

  it('reverting a batch whose entry was split since writes history that replays to it', async () => {
    const account = await newAccount();
    const batch = (await commit(account, 'overlap-january.csv')).body.data.batch;
    const { rows } = await sql<{ id: string; amount_cents: string }>`
      SELECT id, amount_cents::text FROM transactions
      WHERE import_batch_id = ${batch.id}::uuid AND transaction_type = 'expense'
      ORDER BY seq LIMIT 1`.execute(t.database.db);
    const entry = rows[0] as { id: string; amount_cents: string };
    const cents = Number(entry.amount_cents);
    const split = await call('PATCH', `/api/transactions/${entry.id}`, {
      splits: [{ amount: 1 }, { amount: (cents - 100) / 100 }],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect((await call('POST', `/api/imports/${batch.id}/revert`, {}, randomUUID())).status).toBe(
      200,
    );
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });

  it('a revert that would take the balance below zero is refused with a clear message', async () => {
    const account = await newAccount('Savings');
    const batch = (await commit(account, 'overlap-january.csv')).body.data.batch;
    await call('POST', `/api/account/${account}/withdraw`, { amount: 900 });
    const res = await call('POST', `/api/imports/${batch.id}/revert`, {}, randomUUID());
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Reverting this import would leave the balance of “Savings” at -900.00, below the lowest it may go (0.00)',
    );
    expect(await balanceOf(account)).toBe(35.35);
    expect(await entriesOf(account)).toHaveLength(8);
  });

  it('an unknown batch is not found', async () => {
    const res = await call('POST', `/api/imports/${randomUUID()}/revert`, {}, randomUUID());
    expect(res).toMatchObject({ status: 404, body: { message: 'Import not found' } });
  });

  it('an import retried with the same Idempotency-Key happens once', async () => {
    const account = await newAccount();
    const key = randomUUID();
    const first = await commit(account, 'comma-dot.csv', {}, key);
    const retry = await t.rest(user, {
      method: 'POST',
      url: '/api/imports',
      payload: { accountId: account, fileName: 'comma-dot.csv', content: fixture('comma-dot.csv') },
      headers: { 'idempotency-key': key },
    });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.body);
    expect(await balanceOf(account)).toBe(267.79);
  });
});
