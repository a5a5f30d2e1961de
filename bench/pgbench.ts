/**
 * The database's own limit for a deposit: pgbench running, at the benchmark's concurrency, the
 * same unit of work the app does (the guarded balance update of one account, its ledger entry,
 * the change and the history row, as one statement) with prepared statements and no HTTP or
 * JavaScript in the way.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './stats.js';
import type { LoadFigures } from './load.js';

const run = promisify(execFile);

/** bench_accounts numbers the seeded accounts 1..n so pgbench can pick one at random. */
const DEPOSIT_SCRIPT = `
\\set n random(1, :accounts)
WITH moved AS (
  UPDATE accounts AS a
    SET balance_cents = a.balance_cents + 100, updated_at = clock_timestamp()
    FROM bench_accounts AS b
    WHERE b.n = :n AND a.id = b.account_id AND a.book_id = b.book_id AND a.deleted_at IS NULL
      AND a.balance_cents + 100 BETWEEN -a.credit_limit_cents AND 99999999999999
    RETURNING a.id, a.book_id
), entry AS (
  INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents, description, occurred_on)
    SELECT book_id, id, 'deposit', 100, 'pgbench deposit', current_date FROM moved
    RETURNING book_id, id, account_id, amount_cents
), change AS (
  INSERT INTO entry_changes (book_id, kind) SELECT book_id, 'create' FROM entry RETURNING id
)
INSERT INTO entry_history (book_id, change_id, entry_id, fields, after)
  SELECT entry.book_id, change.id, entry.id, '{amount}',
         jsonb_build_object('accountId', entry.account_id, 'amountCents', entry.amount_cents::text)::text
  FROM entry, change;
`;

export async function pgbenchDeposits(options: {
  databaseUrl: string;
  accounts: number;
  connections: number;
  seconds: number;
}): Promise<LoadFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expense-tracker-pgbench-'));
  try {
    const script = path.join(dir, 'deposit.sql');
    writeFileSync(script, DEPOSIT_SCRIPT);
    const { stdout } = await run(
      'pgbench',
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${options.connections}`,
        '--jobs=2',
        `--time=${options.seconds}`,
        `--define=accounts=${options.accounts}`,
        `--file=${script}`,
        '--log',
        `--log-prefix=${path.join(dir, 'latency')}`,
        options.databaseUrl,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    const failed = /number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? '0';
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    // Each log line: client transaction_no latency_us script_no epoch_s epoch_us.
    const latenciesMs = readdirSync(dir)
      .filter((name) => name.startsWith('latency'))
      .flatMap((name) => readFileSync(path.join(dir, name), 'utf8').split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => Number(line.split(' ')[2]) / 1000);
    return {
      requestsPerSecond: Number(tps),
      p50Ms: percentile(latenciesMs, 50),
      p99Ms: percentile(latenciesMs, 99),
      requests: latenciesMs.length,
      failures: Number(failed),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
