/**
 * Freezes this release's data and answers into tests/fixtures/releases/<last migration>.json, for
 * the upgrade test of the next release (docs/testing.md#upgrading-a-release). Run once, when a
 * release is the one the next migrations will be applied over:
 *
 *   npx tsx scripts/capture-release-fixture.ts
 *
 * It fills a book through this release's API (every kind of row the ledger holds), reads it back
 * through every GET the book answers, and dumps every table.
 */
import { readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fillBook } from '../tests/helpers/restore-fixtures.js';
import { dumpTables, type RecordedAnswer } from '../tests/helpers/release-fixture.js';
import { categoryIdByName, restData } from '../tests/helpers/set-up-steps.js';
import { createTestApp, type TestApp, type TestUser } from '../tests/helpers/test-app.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** A fixed moment: the answers that depend on "today" (the dashboard's month) stay comparable. */
const CAPTURED_AT = new Date('2026-11-28T12:00:00.000Z');

/** Read parameters and the release (its last migration) that first honoured them. */
const PARAMETERS_SINCE: Record<string, string> = {
  'transfers=one': '20261203000000_reconciliation',
};

const newestMigration = readdirSync(path.join(REPO_ROOT, 'migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .at(-1)
  ?.replace(/\.sql$/, '');
if (!newestMigration) throw new Error('No migrations found');
const lastMigration: string = newestMigration;

const t = await createTestApp({ clock: () => CAPTURED_AT });
try {
  const ana = await t.signUp('ana.release@example.com');
  const bob = await t.signUp('bob.release@example.com');
  await fillBook(t, ana);
  await addImportsRulesAndReconciliation(t, ana);
  await restData(t, bob, 'POST', '/api/account', { title: 'Bob wallet', type: 'cash' });

  const answers: RecordedAnswer[] = [];
  for (const [as, user] of [
    ['ana', ana],
    ['bob', bob],
  ] as const) {
    for (const url of await readsOf(t, user)) {
      const res = await t.rest(user, { method: 'GET', url });
      // A refusal would freeze nothing worth comparing (and carries a request id of its own). An
      // older release may not serve a read a later one added (its path then reads as another
      // route's id, or as no route): it is left out, and said so.
      if (res.statusCode === 400 || res.statusCode === 404) {
        console.log(`Left out, not served by this release: GET ${url} (${res.statusCode})`);
        continue;
      }
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      answers.push({
        as,
        url,
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        body: res.body,
      });
    }
  }
  const fixture = {
    lastMigration,
    capturedAt: CAPTURED_AT.toISOString(),
    tokens: { ana: ana.token, bob: bob.token },
    tables: await dumpTables(t.database.db),
    answers,
  };
  const dir = path.join(REPO_ROOT, 'tests/fixtures/releases');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${lastMigration}.json`);
  await writeFile(file, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`Wrote ${path.relative(REPO_ROOT, file)}: ${answers.length} answers.`);
} finally {
  await t.close();
}

/** Whether this release reconciles (it came in with 20261203000000_reconciliation). */
async function hasReconciliation(t: TestApp, user: TestUser, accountId: string) {
  const res = await t.rest(user, {
    method: 'GET',
    url: `/api/account/${accountId}/reconciliation?statementOn=2026-01-01&statementBalance=0`,
  });
  return res.statusCode === 200;
}

/** An OFX statement imported and partly reverted, a rule applied, and a reconciled statement. */
async function addImportsRulesAndReconciliation(t: TestApp, user: TestUser) {
  const checking = (await restData(t, user, 'POST', '/api/account', {
    title: 'Savings',
    type: 'savings',
    // The statement is in EUR, and a file is imported only into an account of its currency.
    currency: 'EUR',
    openingBalance: 1000,
    openingDate: '2026-07-31',
  })) as { id: string };
  const content = (
    await readFile(path.join(REPO_ROOT, 'tests/fixtures/imports/statement-v2.ofx'))
  ).toString('base64');
  await restData(t, user, 'POST', '/api/imports', {
    accountId: checking.id,
    fileName: 'statement-v2.ofx',
    content,
  });
  const rule = {
    name: 'Rent',
    match: { field: 'description', operator: 'contains', value: 'loyer' },
    set: { categoryId: await categoryIdByName(t, user, 'Rent'), tags: ['home'] },
  };
  await restData(t, user, 'POST', '/api/rules', rule);
  const tested = (await restData(t, user, 'POST', '/api/rules/test', rule)) as {
    toApply: { id: string; version: number }[];
  };
  await restData(t, user, 'POST', '/api/rules/apply', {
    ...rule,
    entries: tested.toApply.map(({ id, version }) => ({ id, version })),
  });
  if (!(await hasReconciliation(t, user, checking.id))) return;
  const entries = (await restData(
    t,
    user,
    'GET',
    `/api/account/${checking.id}/transactions?limit=50`,
  )) as { items: { id: string; occurredOn: string; balanceAfter: number }[] };
  const upToAugust = entries.items.filter((entry) => entry.occurredOn <= '2026-08-04');
  for (const entry of upToAugust) {
    await restData(t, user, 'PATCH', `/api/transactions/${entry.id}/cleared`, { cleared: true });
  }
  const summary = (await restData(
    t,
    user,
    'GET',
    `/api/account/${checking.id}/reconciliation?statementOn=2026-08-04&statementBalance=0`,
  )) as { clearedBalance: number };
  await restData(t, user, 'POST', `/api/account/${checking.id}/reconcile`, {
    statementOn: '2026-08-04',
    statementBalance: summary.clearedBalance,
  });
}

/** Every GET the book answers, with the ids and filters this book has. */
async function readsOf(t: TestApp, user: TestUser): Promise<string[]> {
  const accounts = (await restData(t, user, 'GET', '/api/account')) as { id: string }[];
  const entries = (await restData(t, user, 'GET', '/api/transactions?limit=100')) as {
    items: { id: string; transferId: string | null }[];
  };
  // Analytics take at most 731 days: two periods cover the book's 2024 to 2026.
  const periods = ['from=2024-01-01&to=2025-12-31', 'from=2025-01-01&to=2026-11-30'];
  const reads = [
    '/api/account',
    '/api/expenses',
    '/api/expenses?limit=2',
    '/api/transactions',
    '/api/transactions?limit=3',
    '/api/transactions?transfers=one',
    '/api/transactions?type=withdraw&from=2024-01-01T00:00:00Z&to=2026-12-31T00:00:00Z',
    '/api/transactions/summary',
    '/api/transactions/summary?transfers=one',
    '/api/transactions/export.csv',
    '/api/payees',
    '/api/tags',
    '/api/imports',
    '/api/rules',
    '/api/book',
    '/api/book/export',
    '/api/settings',
    '/api/categories',
    '/api/auth/me',
    ...periods.flatMap((period) =>
      [
        'spending-by-category',
        'income-vs-spending',
        'balance-over-time',
        'top-payees',
        'largest-entries',
      ].map((chart) => `/api/analytics/${chart}?${period}`),
    ),
    '/api/analytics/dashboard',
  ];
  const reconciles = accounts[0] ? await hasReconciliation(t, user, accounts[0].id) : false;
  for (const { id } of accounts) {
    reads.push(
      `/api/account/${id}`,
      `/api/account/${id}/transactions`,
      `/api/expenses/by-account/${id}`,
    );
    if (reconciles) {
      reads.push(`/api/account/${id}/reconciliation?statementOn=2026-11-28&statementBalance=100`);
    }
  }
  for (const { id, transferId } of entries.items) {
    reads.push(`/api/transactions/${id}`);
    if (transferId) reads.push(`/api/transfers/${transferId}`);
  }
  // A query parameter an older release did not know it ignored, answering something else.
  return [...new Set(reads)].filter((url) =>
    Object.entries(PARAMETERS_SINCE).every(
      ([parameter, since]) => !url.includes(parameter) || lastMigration >= since,
    ),
  );
}
