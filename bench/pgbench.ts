/**
 * The database's own limit for a deposit: pgbench running, at the benchmark's concurrency, the
 * same unit of work the app does (the guarded balance update of one account plus its ledger
 * row, in one transaction) with prepared statements and no HTTP or JavaScript in the way.
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
BEGIN;
UPDATE accounts AS a
  SET balance_cents = a.balance_cents + 100, updated_at = clock_timestamp()
  FROM bench_accounts AS b
  WHERE b.n = :n AND a.id = b.account_id AND a.user_id = b.user_id AND a.deleted_at IS NULL
    AND a.balance_cents + 100 BETWEEN 0 AND 99999999999999;
INSERT INTO transactions (user_id, account_id, transaction_type, amount_cents, description)
  SELECT user_id, account_id, 'deposit', 100, 'pgbench deposit' FROM bench_accounts WHERE n = :n;
END;
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
