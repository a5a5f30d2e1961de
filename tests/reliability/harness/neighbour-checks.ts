import postgres from 'postgres';
import type { HarnessResult } from '../harness.js';
import type { Check } from './invariants.js';
import { percentile, type NeighbourRecord } from './neighbours.js';

/** The most a health check may take at the 99th percentile while the neighbours are busy. */
export const HEALTH_P99_TARGET_MS = 200;

/** Accounts of every book whose balance is not the signed sum of its live entries, or below its floor. */
async function unbalancedAccounts(databaseUrl: string): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; balance: string; ledger: string; floor: string }[]>`
      SELECT a.id, a.balance_cents::text AS balance, (-a.credit_limit_cents)::text AS floor,
        coalesce(sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
          THEN t.amount_cents ELSE -t.amount_cents END), 0)::text AS ledger
      FROM accounts a
      LEFT JOIN transactions t
        ON t.book_id = a.book_id AND t.account_id = a.id AND t.deleted_at IS NULL
      GROUP BY a.id
      HAVING a.balance_cents <> coalesce(sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
          THEN t.amount_cents ELSE -t.amount_cents END), 0)
        OR a.balance_cents < -a.credit_limit_cents`;
    return rows.map(
      (r) => `account ${r.id}: balance ${r.balance}, ledger ${r.ledger}, floor ${r.floor}`,
    );
  } finally {
    await sql.end();
  }
}

function check(id: string, title: string, problems: string[]): Check {
  return {
    id,
    title,
    ok: problems.length === 0,
    problems: problems.length,
    details: problems.slice(0, 5),
  };
}

/**
 * Adds what the neighbours scenario checks beside the harness's own (a)-(l): (m) the neighbours
 * got only answers the contract allows, (n) `/api/health` stayed fast, (o) every book of the
 * database, restored ones included, has balances equal to its ledger.
 */
export async function addNeighbourChecks(
  result: HarnessResult,
  record: NeighbourRecord,
  databaseUrl: string,
): Promise<void> {
  const p99 = percentile(record.health, 99);
  const failedHealth = record.health.filter((ms) => !Number.isFinite(ms)).length;
  const slow: string[] = [];
  if (!(p99 <= HEALTH_P99_TARGET_MS)) {
    slow.push(
      `p99 ${p99.toFixed(1)} ms over ${record.health.length} checks (target ${HEALTH_P99_TARGET_MS} ms)`,
    );
  }
  if (failedHealth > 0) slow.push(`${failedHealth} health checks failed`);
  const checks = [
    check(
      'm',
      'neighbours: no 5xx, no lost answer, only statuses the contract allows',
      record.unexpected,
    ),
    check('n', `/api/health p99 under ${HEALTH_P99_TARGET_MS} ms while neighbours are busy`, slow),
    check(
      'o',
      'every book, restored ones too: balance = live entries, within its floor',
      await unbalancedAccounts(databaseUrl),
    ),
  ];
  result.checks.push(...checks);
  for (const c of checks)
    if (!c.ok) result.violations.push(`(${c.id}) ${c.title}: ${c.details.join('; ')}`);

  const answered = (prefix: string) =>
    [...record.answers]
      .filter(([label]) => label.startsWith(prefix))
      .map(([label, n]) => `${label.slice(prefix.length).trim()}:${n}`)
      .join(' ');
  Object.assign(result.figures.extra, {
    'health p50 / p99 / max (ms)': `${percentile(record.health, 50).toFixed(1)} / ${p99.toFixed(1)} / ${Math.max(...record.health).toFixed(1)}`,
    'health checks': record.health.length,
    'held CSV exports (200 / refused)': `${record.heldExports.answered200} / ${record.heldExports.refused}`,
    'restores (restored / refused)': `${record.restores.restored} / ${record.restores.refused}`,
    'full exports': answered('GET /api/book/export'),
    'rule tests': answered('POST /api/rules/test'),
    'import commits': answered('POST /api/imports '),
  });
}
