import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { trpcOutcome, type Outcome } from '../helpers/doors.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';

// Imports in the account's currency (docs/import.md#currencies), through both doors: amounts
// read at the account's exponent (JPY 0, KWD 3), a row with more decimals than its currency has
// never rounded without the person's answer, a row in another currency a row error, and a
// statement in another currency than its account refused with both named, nothing written.

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url)).toString('base64');

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

interface ImportDoor {
  name: string;
  preview: (input: object) => Promise<Outcome>;
  commit: (input: object) => Promise<Outcome>;
}

const rest: ImportDoor = {
  name: 'rest',
  preview: async (input) => {
    const res = await t.rest(user, { method: 'POST', url: '/api/imports/preview', payload: input });
    return { status: res.statusCode, body: res.json() };
  },
  commit: async (input) => {
    const res = await t.rest(user, {
      method: 'POST',
      url: '/api/imports',
      payload: input,
      headers: { 'idempotency-key': randomUUID() },
    });
    return { status: res.statusCode, body: res.json() };
  },
};

const trpc: ImportDoor = {
  name: 'trpc',
  preview: (input) => trpcOutcome(() => t.caller(user).imports.preview(input as never)),
  commit: (input) =>
    trpcOutcome(() =>
      t.caller(user, { idempotencyKey: randomUUID() }).imports.commit(input as never),
    ),
};

/** A new account in `currency`, set before it has entries (as the API allows). */
async function newAccount(title: string, currency: string): Promise<string> {
  const res = await t.rest(user, { method: 'POST', url: '/api/account', payload: { title } });
  const id = res.json<{ data: { id: string } }>().data.id;
  await sql`UPDATE accounts SET currency = ${currency} WHERE id = ${id}::uuid`.execute(
    t.database.db,
  );
  return id;
}

async function ledgerOf(accountId: string) {
  const { rows } = await sql<{ balance: string; count: string }>`
    SELECT a.balance_cents::text AS balance,
      (SELECT count(*) FROM transactions x WHERE x.account_id = a.id)::text AS count
    FROM accounts a WHERE a.id = ${accountId}::uuid`.execute(t.database.db);
  return { balance: BigInt(rows[0]?.balance ?? '0'), count: Number(rows[0]?.count) };
}

describe.each([rest, trpc])('imports in the account’s currency ($name)', (door) => {
  it('reads a JPY statement in yen, holds back 980.5 yen and refuses a row in USD', async () => {
    const account = await newAccount(`Yen ${door.name}`, 'JPY');
    const body = {
      accountId: account,
      fileName: 'oct.ofx',
      content: fixture('currencies/checking-jpy.ofx'),
    };
    const preview = await door.preview(body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const data = preview.body.data;
    expect(data.currency).toBe('JPY');
    expect(data.statements[0].currency).toBe('JPY');
    expect(
      data.rows.map((r: { amount: number; currency: string; writtenAmount: string | null }) => [
        r.amount,
        r.currency,
        r.writtenAmount,
      ]),
    ).toEqual([
      [285000, 'JPY', null],
      [-1280, 'JPY', null],
      [-3456, 'JPY', null],
      [-980, 'JPY', '-980.5'],
    ]);
    expect(data.errors).toEqual([
      {
        line: 5,
        reason: `This row is in USD; the account Yen ${door.name} is in JPY`,
        text: '2026-10-30 NYC MUSEUM STORE',
      },
    ]);
    const choice = data.choices.find((c: { kind: string }) => c.kind === 'subCents');
    expect(choice).toMatchObject({ needsAnswer: true, rows: 1 });
    expect(choice.evidence).toContain('-980.5 becomes -980 JPY; JPY amounts have no decimals');
    expect(data.balanceAfter).toBe(285000 - 1280 - 3456 - 980);

    // Without an answer nothing is rounded; left out, the row is an error saying why.
    const refused = await door.commit(body);
    expect(refused.status).toBe(422);
    expect((await ledgerOf(account)).count).toBe(0);
    const left = await door.preview({ ...body, reading: { roundSubCents: false } });
    expect(left.body.data.errors.map((e: { reason: string }) => e.reason)).toContain(
      'The amount “-980.5” has more decimals than JPY has: JPY amounts have no decimals (import it rounded, or leave it out)',
    );
    const committed = await door.commit({ ...body, reading: { roundSubCents: false } });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(committed.body.data.batch.total).toBe(285000 - 1280 - 3456);
    expect(await ledgerOf(account)).toEqual({ balance: 280264n, count: 3 });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('reads a KWD camt.053 in fils (three decimals)', async () => {
    const account = await newAccount(`Dinar ${door.name}`, 'KWD');
    const body = {
      accountId: account,
      fileName: 'kw.xml',
      content: fixture('currencies/kuwait-kwd-camt053.xml'),
    };
    const preview = await door.preview(body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.rows.map((r: { amount: number }) => r.amount)).toEqual([750, -39.735]);
    expect(preview.body.data.balanceAfter).toBe(710.265);
    const committed = await door.commit(body);
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(await ledgerOf(account)).toEqual({ balance: 710265n, count: 2 });
  });

  it('refuses a EUR statement for a USD account, naming both, and writes nothing', async () => {
    const account = await newAccount('Checking', 'USD');
    const body = {
      accountId: account,
      fileName: 'march.xml',
      content: fixture('camt/sparkasse-camt053-001-02.xml'),
    };
    for (const run of [door.preview, door.commit]) {
      const res = await run(body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'This file is in EUR; the account Checking is in USD',
      });
    }
    expect(await ledgerOf(account)).toEqual({ balance: 0n, count: 0 });
  });

  it('names the statement of a file of several that goes to an account in another currency', async () => {
    const yuan = await newAccount('Yuan', 'CNY');
    const card = await newAccount('Card', 'EUR');
    const res = await door.preview({
      accountId: yuan,
      fileName: 'two.ofx',
      content: fixture('ofx/two-statements.ofx'),
      statements: [
        { index: 0, accountId: yuan },
        { index: 1, accountId: card },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^The statement “.*” is in USD; the account Card is in EUR$/);
  });

  it('reads a CSV (no currency of its own) in its account’s currency', async () => {
    const account = await newAccount(`Yen CSV ${door.name}`, 'JPY');
    const csv = 'Date,Description,Amount\n2026-10-01,Coffee,-450\n2026-10-02,Refund,1200\n';
    const body = {
      accountId: account,
      fileName: 'yen.csv',
      content: Buffer.from(csv).toString('base64'),
    };
    const preview = await door.preview(body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.rows.map((r: { amount: number }) => r.amount)).toEqual([-450, 1200]);
    // 450 yen spent needs money in the account first.
    await sql`UPDATE accounts SET credit_limit_cents = 1000 WHERE id = ${account}::uuid`.execute(
      t.database.db,
    );
    const committed = await door.commit(body);
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(await ledgerOf(account)).toEqual({ balance: 750n, count: 2 });
  });
});
