import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * The import corpus (docs/import.md#the-corpus): every file under tests/fixtures/imports that has
 * a sidecar `<file>.expected.json` is previewed and imported through the REST API into fresh
 * accounts (one per statement), and must give exactly the entries its sidecar lists: count, sum,
 * and every date, amount, payee, description (and bank id where given), statement by statement.
 * The sidecars were written by hand from the files, in the shapes real banks export.
 */

const ROOT = fileURLToPath(new URL('../fixtures/imports/', import.meta.url));

interface ExpectedRow {
  date: string;
  amount: string;
  payee?: string;
  description?: string;
  bankRef?: string | null;
}
interface Expected {
  format: string;
  encoding?: string;
  mapping?: Record<string, unknown> | null;
  reading?: Record<string, unknown>;
  statements: { label?: string; currency?: string | null; rows: ExpectedRow[] }[];
  unsupported?: number;
  errors?: number;
  note?: string;
  /** A file nothing of which can be imported: the message both routes refuse it with. */
  refused?: string;
}

function sidecars(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sidecars(full);
    return name.endsWith('.expected.json') ? [full] : [];
  });
}

const CORPUS = sidecars(ROOT)
  .map((sidecar) => ({
    sidecar,
    file: sidecar.slice(0, -'.expected.json'.length),
    name: path.relative(ROOT, sidecar.slice(0, -'.expected.json'.length)),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** "-12.50" as signed cents, exactly. */
function cents(amount: string): bigint {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Sidecar amount "${amount}" is not a decimal with at most 2 places`);
  const value = BigInt(match[2] as string) * 100n + BigInt(((match[3] ?? '') + '00').slice(0, 2));
  return match[1] === '-' ? -value : value;
}
const units = (value: bigint) => Number(value) / 100;

describe('the import corpus', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
  });
  afterAll(() => t.close());

  it('holds at least 40 files with their expected entries', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CORPUS)('$name', async ({ sidecar, file, name }) => {
    const expected = JSON.parse(readFileSync(sidecar, 'utf8')) as Expected;
    const content = readFileSync(file).toString('base64');
    const accountIds: string[] = [];
    // A refused file still needs an account to be offered to.
    const statements: { currency?: string | null }[] = expected.statements.length
      ? expected.statements
      : [{}];
    for (const [i, statement] of statements.entries()) {
      const res = await t.rest(user, {
        method: 'POST',
        url: '/api/account',
        // Money to spend: a statement of expenses must not meet the floor.
        payload: { title: `${name.slice(-60)} ${i}` },
      });
      const id = res.json<{ data: { id: string } }>().data.id;
      // Each account in its statement's currency (a file in another one is refused,
      // docs/import.md#currencies); set before it has entries, as the API allows.
      if (statement.currency) {
        await sql`UPDATE accounts SET currency = ${statement.currency}
          WHERE id = ${id}::uuid`.execute(t.database.db);
      }
      await t.rest(user, {
        method: 'POST',
        url: `/api/account/${id}/deposit`,
        payload: { amount: 10_000_000 },
      });
      accountIds.push(id);
    }
    const body = {
      accountId: accountIds[0],
      fileName: path.basename(file),
      content,
      ...(expected.mapping ? { mapping: expected.mapping } : {}),
      ...(expected.reading ? { reading: expected.reading } : {}),
      ...(expected.statements.length > 1
        ? { statements: accountIds.map((accountId, index) => ({ index, accountId })) }
        : {}),
    };

    if (expected.refused !== undefined) {
      for (const url of ['/api/imports/preview', '/api/imports']) {
        const res = await t.rest(user, { method: 'POST', url, payload: body });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', message: expected.refused });
      }
      return;
    }
    const preview = await t.rest(user, {
      method: 'POST',
      url: '/api/imports/preview',
      payload: body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body is checked field by field
    const data = preview.json<{ data: any }>().data;
    expect(data.format).toBe(expected.format);
    if (expected.encoding) expect(data.encoding).toBe(expected.encoding);
    expect(data.unsupported).toHaveLength(expected.unsupported ?? 0);
    expect(data.errors, JSON.stringify(data.errors)).toHaveLength(expected.errors ?? 0);
    expect(data.statements).toHaveLength(expected.statements.length);
    for (const [index, statement] of expected.statements.entries()) {
      if (statement.label !== undefined) expect(data.statements[index].label).toBe(statement.label);
      if (statement.currency !== undefined) {
        expect(data.statements[index].currency).toBe(statement.currency);
      }
      const rows = (data.rows as { statement: number }[]).filter((r) => r.statement === index);
      expect(
        rows.map((row) => {
          const r = row as unknown as Record<string, unknown>;
          return {
            date: r.occurredOn,
            amount: r.amount,
            ...(statement.rows.some((e) => e.payee !== undefined) && { payee: r.payee }),
            ...(statement.rows.some((e) => e.description !== undefined) && {
              description: r.description,
            }),
            ...(statement.rows.some((e) => e.bankRef !== undefined) && { bankRef: r.bankRef }),
          };
        }),
      ).toEqual(
        statement.rows.map((row) => ({
          date: row.date,
          amount: units(cents(row.amount)),
          ...(row.payee !== undefined && { payee: row.payee }),
          ...(row.description !== undefined && { description: row.description }),
          ...(row.bankRef !== undefined && { bankRef: row.bankRef }),
        })),
      );
    }

    // Every choice that needed an answer was answered by the sidecar (or the file settles it).
    const open = (data.choices as { needsAnswer: boolean; evidence: string }[]).filter(
      (c) => c.needsAnswer,
    );
    expect(open.map((c) => c.evidence)).toEqual([]);

    const committed = await t.rest(user, {
      method: 'POST',
      url: '/api/imports',
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(committed.statusCode, committed.body).toBe(200);
    for (const [index, statement] of expected.statements.entries()) {
      const { rows } = await sql<{ count: string; sum: string }>`
        SELECT count(*)::text AS count, coalesce(sum(CASE WHEN transaction_type = 'deposit'
          THEN amount_cents ELSE -amount_cents END), 0)::text AS sum
        FROM transactions
        WHERE account_id = ${accountIds[index]}::uuid AND import_batch_id IS NOT NULL
          AND deleted_at IS NULL`.execute(t.database.db);
      const expectedSum = statement.rows.reduce((sum, row) => sum + cents(row.amount), 0n);
      expect({ count: Number(rows[0]?.count), sum: BigInt(rows[0]?.sum ?? '0') }).toEqual({
        count: statement.rows.length,
        sum: expectedSum,
      });
    }
  });
});
