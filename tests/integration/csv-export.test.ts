import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import {
  categoriesByName,
  insertEntry,
  insertSplitExpense,
  insertTransfer,
} from '../helpers/ledger-sql.js';
import { EXPORT_BATCH_ROWS } from '../../src/server/features/export/csv-export-repository.js';
import { DOORS } from '../helpers/doors.js';
import { isFileAnswer } from '../../src/server/trpc/file-answer.js';

const HEADER =
  'Date,Type,Amount,Account,Category,Payee,Description,Tags,' +
  'Currency,Base currency,Base amount,Rate,Rate day,Rate source,Not converted';
/** The base-currency cells of an entry of a USD book's USD account: the amount itself at 1. */
const usd = (amount: string) => `,USD,USD,${amount},1,,,`;

/** The CSV split into lines (CRLF), without the empty string after the last line ending. */
function linesOf(body: string): string[] {
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(0, -2).split('\r\n');
}

describe('CSV export of a Transactions view', () => {
  let t: TestApp;
  let user: TestUser;
  let checking: string;
  let savings: string;
  let groceries: string;

  const exportCsv = (query = '', who: TestUser | null = user) =>
    t.rest(who, { method: 'GET', url: `/api/transactions/export.csv${query ? `?${query}` : ''}` });

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    const caller = t.caller(user);
    checking = (await caller.account.create({ title: 'Checking, main' })).data.id;
    savings = (await caller.account.create({ title: '=Savings' })).data.id;
    const cats = await categoriesByName(t.database.db, user.bookId);
    groceries = cats.get('Groceries')?.id ?? '';
    const dining = cats.get('Dining out')?.id ?? null;
    await caller.account.deposit({ id: checking, amount: 1000, occurredOn: '2026-01-01' });
    await caller.expense.create({
      accountId: checking,
      amount: 12.5,
      occurredOn: '2026-01-05',
      description: 'Weekly "big" shop, with bags',
      payee: '@market',
      categoryId: groceries,
      tags: ['food', 'home'],
    });
    await caller.expense.create({
      amount: 3,
      occurredOn: '2026-01-06',
      description: '-2 coffees\nat noon',
      payee: '+Cafe',
    });
    await insertSplitExpense(t.database.db, {
      bookId: user.bookId,
      accountId: checking,
      occurredOn: '2026-01-07',
      payee: 'Big Store',
      lines: [
        { categoryId: groceries, cents: 4_000n },
        { categoryId: dining, cents: 1_000n },
      ],
    });
    await insertTransfer(t.database.db, {
      bookId: user.bookId,
      from: checking,
      to: savings,
      cents: 20_000n,
      occurredOn: '2026-01-08',
    });
    await insertEntry(t.database.db, {
      bookId: user.bookId,
      accountId: null,
      type: 'expense',
      cents: 999n,
      occurredOn: '2026-01-09',
      payee: 'Deleted',
      deleted: true,
    });
  });
  afterAll(() => t.close());

  it('writes a header, ISO dates, signed amounts with two decimals, names, escaping', async () => {
    const res = await exportCsv('sort=date_asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(linesOf(res.body)).toEqual([
      HEADER,
      '2026-01-01,deposit,1000.00,"Checking, main",,,"Deposit to account Checking, main",' +
        usd('1000.00'),
      '2026-01-05,expense,-12.50,"Checking, main",Groceries,\'@market,"Weekly ""big"" shop, with bags","food, home"' +
        usd('-12.50'),
      `2026-01-06,expense,-3.00,,,'+Cafe,"'-2 coffees\nat noon",` + usd('-3.00'),
      '2026-01-07,expense,-50.00,"Checking, main","Groceries; Dining out",Big Store,,' +
        usd('-50.00'),
      '2026-01-08,transfer out,-200.00,"Checking, main",,,,' + usd('-200.00'),
      "2026-01-08,transfer in,200.00,'=Savings,,,," + usd('200.00'),
    ]);
  });

  it('applies the filters and sort of the list (category with split lines, dates, amounts, type)', async () => {
    const byCategory = linesOf((await exportCsv(`categoryId=${groceries}&sort=amount_desc`)).body);
    expect(byCategory.slice(1).map((line) => line.split(',')[2])).toEqual(['-50.00', '-12.50']);
    const dated = linesOf((await exportCsv('dateFrom=2026-01-06&dateTo=2026-01-07')).body);
    expect(dated.slice(1).map((line) => line.slice(0, 10))).toEqual(['2026-01-07', '2026-01-06']);
    const transfers = linesOf((await exportCsv('type=transfer')).body);
    expect(transfers).toHaveLength(3);
    const amounts = linesOf((await exportCsv('minAmount=12.5&maxAmount=50&sort=amount_asc')).body);
    expect(amounts.slice(1).map((line) => line.split(',')[2])).toEqual(['-12.50', '-50.00']);
    const searched = linesOf((await exportCsv('q=BIG')).body);
    expect(searched).toHaveLength(3);
    const none = linesOf((await exportCsv('categoryId=none&type=expense')).body);
    expect(none.slice(1).map((line) => line.slice(0, 10))).toEqual(['2026-01-06']);
    // Uncategorised as the list means it: the deposit and that expense, never the transfer legs.
    const uncategorised = linesOf((await exportCsv('categoryId=none&sort=date_asc')).body);
    expect(uncategorised.slice(1).map((line) => line.split(',')[1])).toEqual([
      'deposit',
      'expense',
    ]);
    const account = linesOf((await exportCsv(`accountId=${savings}`)).body);
    expect(account).toHaveLength(2);
  });

  it('is a procedure: a caller in process reads the same file, and /trpc refuses it as not JSON', async () => {
    const viaRest = (await exportCsv('sort=date_asc')).body;
    const file = await t.caller(user).transaction.exportCsv({ sort: 'date_asc' });
    expect(isFileAnswer(file)).toBe(true);
    expect(file.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    let text = '';
    for await (const line of file.lines) text += line;
    expect(text).toBe(viaRest);
    // Read to its end, the file gave its slot back: another export starts at once.
    const unread = await t.caller(user).transaction.exportCsv({});
    // Dropped unread, close() gives the slot back too.
    await unread.close();
    expect((await exportCsv()).statusCode).toBe(200);
    const overTrpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/transaction.exportCsv?input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(overTrpc.statusCode).toBe(400);
    // An input that is no object is the schema's 400, never a crash of the paging check.
    await expect(
      t.caller(user).transaction.exportCsv(42 as unknown as Record<string, never>),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(overTrpc.json().message).toBe(
      'transaction.exportCsv answers a file, not JSON: download it with GET /api/transactions/export.csv.',
    );
  });

  it('refuses what it cannot do with clear JSON errors, and answers 401 when signed out', async () => {
    const bad = await exportCsv('dateFrom=2026-02-01&dateTo=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: 'dateFrom must not be after dateTo',
    });
    expect((await exportCsv('sort=sideways')).json().message).toBe(
      'sort must be date_desc, date_asc, amount_desc or amount_asc',
    );
    expect((await exportCsv('limit=5')).statusCode).toBe(400);
    const other = await t.signUp();
    const foreign = await exportCsv(`accountId=${checking}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found');
    const foreignCategory = await exportCsv(`categoryId=${groceries}`, other);
    expect(foreignCategory.statusCode).toBe(404);
    expect(foreignCategory.json().message).toBe('Category not found');
    const signedOut = await exportCsv('', null);
    expect(signedOut.statusCode).toBe(401);
    expect((await exportCsv('', { ...user, token: 'nope' })).statusCode).toBe(401);
    // Nobody else's rows ever show.
    expect(linesOf((await exportCsv('', other)).body)).toEqual([HEADER]);
  });

  // Security review finding 11a: the export refuses every id filter the list refuses, with the
  // same status and message, before its first byte (the list through both doors).
  it.each(DOORS)(
    "answers 404 for an id filter naming another book's or a missing resource, as the list does (%s)",
    async (_name, makeDoor) => {
      const other = await t.signUp();
      const list = makeDoor(t, other);
      const missing = '00000000-0000-4000-8000-000000000000';
      const otherCategory = (await categoriesByName(t.database.db, other.bookId)).get('Groceries');
      const cases: [string, string, string][] = [
        ['categoryId', groceries, 'Category not found'],
        ['categoryId', missing, 'Category not found'],
        ['accountId', checking, 'Account not found'],
        ['accountId', missing, 'Account not found'],
      ];
      for (const [field, id, message] of cases) {
        const listed = await list.listTransactions({ [field]: id });
        expect(listed.status, `list ${field}=${id}`).toBe(404);
        expect(listed.body.message).toBe(message);
        const exported = await exportCsv(`${field}=${id}`, other);
        expect(exported.statusCode, `export ${field}=${id}`).toBe(listed.status);
        expect(exported.headers['content-type']).toMatch(/^application\/json/);
        expect(exported.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message });
      }
      // Both filters wrong: the account is named first, as the list does.
      const both = await exportCsv(`accountId=${missing}&categoryId=${missing}`, other);
      expect(both.json().message).toBe(
        (await list.listTransactions({ accountId: missing, categoryId: missing })).body.message,
      );
      // The caller's own category, and "none", still export.
      expect((await exportCsv(`categoryId=${otherCategory?.id ?? ''}`, other)).statusCode).toBe(
        200,
      );
      expect((await exportCsv('categoryId=none', other)).statusCode).toBe(200);
    },
  );

  it('streams every row of a large view in order across batches', async () => {
    const someone = await t.signUp();
    const account = (await t.caller(someone).account.create({ title: 'Bulk' })).data.id;
    const rows = EXPORT_BATCH_ROWS * 2 + 345;
    // Many entries on a few days, so batches break inside a day (the keyset's tie on seq).
    await sql`
      INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents, description,
        occurred_on, payee)
      SELECT ${someone.bookId}::uuid, ${account}::uuid, 'deposit', 100 + (i % 7),
        'Bulk ' || i, DATE '2025-01-01' + (i % 5), 'Payee ' || (i % 3)
      FROM generate_series(1, ${rows}) AS i`.execute(t.database.db);
    await sql`UPDATE accounts SET balance_cents = (SELECT sum(amount_cents) FROM transactions
      WHERE account_id = ${account}::uuid) WHERE id = ${account}::uuid`.execute(t.database.db);

    for (const sort of ['date_desc', 'date_asc', 'amount_desc', 'amount_asc']) {
      const lines = linesOf((await exportCsv(`sort=${sort}`, someone)).body).slice(1);
      expect(lines).toHaveLength(rows);
      const descriptions = new Set(lines.map((line) => line.split(',')[6]));
      expect(descriptions.size).toBe(rows);
      const keys = lines.map((line) =>
        sort.startsWith('date') ? line.slice(0, 10) : (line.split(',')[2] ?? ''),
      );
      const sorted = [...keys].sort();
      expect(keys).toEqual(sort.endsWith('desc') ? sorted.reverse() : sorted);
    }
  });
});
