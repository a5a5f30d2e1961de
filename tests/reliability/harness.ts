/**
 * Bank-style reliability harness: sets up one user and ~10 accounts on any local server speaking
 * the Expense Tracker API, runs N clients sending money movements with Idempotency-Keys (some
 * duplicated, some overdrawing), reads balances throughout, then checks the bank rules against
 * the ledger (harness/invariants.ts). run.ts runs it in its scenarios.
 *
 * CLI against a server already running on this machine:
 *   npx tsx tests/reliability/harness.ts --url http://127.0.0.1:3000
 *     [--database-url postgres://...]   read the ledger with SQL (else through the API)
 *     [--clients 48] [--duration 60] [--cap 300000] [--seed N]
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Session } from './harness/auth.js';
import { ApiClient } from './harness/client.js';
import { checkInvariants, type Check, type LedgerFigures } from './harness/invariants.js';
import {
  apiLedgerReader,
  postgresLedgerReader,
  type LedgerReader,
  type LedgerSnapshot,
} from './harness/ledger-reader.js';
import { Load, replayAcknowledged, type LoadRecord } from './harness/load.js';
import { randomSeed } from './harness/random.js';
import { formatResult } from './harness/report.js';
import { Sender, type RetryWindow } from './harness/sender.js';
import {
  createAccountsAndSeed,
  loadCurrencies,
  signIn,
  type SetupResult,
} from './harness/setup.js';
import { runRuleStep } from './harness/rule-step.js';
import { RequestStats } from './harness/stats.js';

export type { LedgerReader, LedgerSnapshot } from './harness/ledger-reader.js';
export {
  postgresLedgerReader,
  pgliteLedgerReader,
  apiLedgerReader,
} from './harness/ledger-reader.js';

export interface HarnessOptions {
  baseUrl: string;
  label?: string;
  /** Concurrent clients, 32..64 in the scenarios. */
  clients: number;
  durationMs: number;
  /** No new operation starts once this many requests went out. */
  requestCap: number;
  accounts?: number;
  seed?: number;
  duplicateRate?: number;
  overdrawRate?: number;
  hotShare?: number;
  /** Share of operations that are transfers between two of the accounts (0: none). */
  transferRate?: number;
  /** Share of operations that edit, delete or undo earlier ones (0: none). */
  mutationRate?: number;
  /**
   * Share of operations that enter an exchange rate by hand, POST /api/rates (default 0.03; 0
   * where the server knows no rates, the toy).
   */
  rateRate?: number;
  /**
   * Accounts created in other currencies than the base USD (`loadCurrencies`: two in JPY, one
   * in KWD; default true, false where the server knows no currencies, the toy).
   */
  currencies?: boolean;
  /**
   * Accounts created with an opening balance instead of a seed deposit, each replayed with its
   * key (default 2; 0 where the server knows no opening balance, the toy).
   */
  openingAccounts?: number;
  /** After the load: create, test, apply and undo a rule (harness/rule-step.ts). */
  ruleStep?: boolean;
  readerIntervalMs?: number;
  requestTimeoutMs?: number;
  /** How long after the end a request that got no answer is still retried with its key. */
  retryGraceMs?: number;
}

export interface RunFigures {
  clients: number;
  loadSeconds: number;
  requestsSent: number;
  answers: Record<string, number>;
  requestsPerSecond: number;
  acknowledgedOpsPerSecond: number;
  operations: number;
  overdrawAttempts: number;
  duplicates: { concurrent: number; later: number };
  reads: number;
  failedReads: number;
  minBalanceSeenCents: bigint | null;
  ledger: LedgerFigures;
  /** Scenario-specific extras (kills, downtime...), printed as they are. */
  extra: Record<string, string | number>;
}

export interface HarnessResult {
  label: string;
  runId: string;
  seed: number;
  ledgerSource: string;
  figures: RunFigures;
  checks: Check[];
  violations: string[];
  /** Lines printed under the figures: log files, kept evidence. */
  notes: string[];
  /** Set when data was kept on disk as evidence of a violation. */
  evidenceKept?: string;
}

export interface CheckOptions {
  ledgerReader: LedgerReader;
  crashMode?: boolean;
  events?: { at: number; label: string }[];
  extra?: Record<string, string | number>;
}

/** One harness run, in steps, so a crash test can kill the server between them. */
export class HarnessRun {
  private record: LoadRecord | null = null;
  private ruleProblems: string[] | undefined;

  private constructor(
    readonly options: Required<HarnessOptions>,
    readonly runId: string,
    readonly api: ApiClient,
    readonly stats: RequestStats,
    private readonly sender: Sender,
    private readonly retryWindow: RetryWindow,
    readonly setup: SetupResult,
    readonly load: Load,
  ) {}

  /**
   * Signs a new user in, creates the accounts and seeds them. With `access`, the run sends every
   * request through `access.api` as `access.session` instead (a shared book's members on several
   * instances: harness/shared-book.ts); `close()` closes that client too.
   */
  static async prepare(
    input: HarnessOptions,
    access?: { api: ApiClient; session: Session },
  ): Promise<HarnessRun> {
    const options: Required<HarnessOptions> = {
      label: input.baseUrl,
      accounts: 10,
      seed: randomSeed(),
      duplicateRate: 0.1,
      overdrawRate: 0.3,
      hotShare: 0.4,
      transferRate: 0.15,
      mutationRate: 0.4,
      openingAccounts: input.mutationRate === 0 ? 0 : 2,
      rateRate: input.mutationRate === 0 ? 0 : 0.03,
      currencies: input.mutationRate !== 0,
      ruleStep: input.mutationRate !== 0,
      readerIntervalMs: 50,
      requestTimeoutMs: 15_000,
      retryGraceMs: 20_000,
      ...input,
    };
    const runId = randomBytes(4).toString('hex');
    const api = access?.api ?? new ApiClient(options.baseUrl, options.requestTimeoutMs);
    try {
      const session = access?.session ?? (await signIn(api, runId));
      const stats = new RequestStats();
      const retryWindow: RetryWindow = { until: Date.now() + 30_000 };
      const sender = new Sender(api, session.token, stats, retryWindow);
      const created = await createAccountsAndSeed(sender, {
        runId,
        accountCount: options.accounts,
        duplicatedCreations: 3,
        openingAccounts: options.openingAccounts,
        seedCents: 500_000n,
        hotSeedCents: 2_000_000n,
        ...(options.currencies && { currencies: loadCurrencies(options.accounts) }),
      });
      const setup: SetupResult = { session, ...created };
      const load = new Load(api, session.token, sender, retryWindow, setup.accounts, {
        runId,
        clients: options.clients,
        durationMs: options.durationMs,
        requestCap: options.requestCap,
        seed: options.seed,
        duplicateRate: options.duplicateRate,
        overdrawRate: options.overdrawRate,
        hotShare: options.hotShare,
        transferRate: options.transferRate,
        mutationRate: options.mutationRate,
        rateRate: options.rateRate,
        readerIntervalMs: options.readerIntervalMs,
        retryGraceMs: options.retryGraceMs,
      });
      return new HarnessRun(options, runId, api, stats, sender, retryWindow, setup, load);
    } catch (error) {
      api.close();
      throw error;
    }
  }

  /** The load, then (unless turned off) the rule step, whose requests join the record. */
  async runLoad(): Promise<LoadRecord> {
    const record = await this.load.run();
    this.record = record;
    if (this.options.ruleStep) {
      this.retryWindow.until = Date.now() + this.options.retryGraceMs;
      const step = await runRuleStep({
        api: this.api,
        token: this.setup.session.token,
        sender: this.sender,
        runId: this.runId,
        accountId: this.setup.accounts[0]?.id ?? '',
      });
      record.operations.push(...step.operations);
      this.ruleProblems = step.problems;
    }
    return record;
  }

  /** Replays up to `limit` acknowledged keys; each must answer what it answered before. */
  async replayAcknowledged(limit: number): Promise<number> {
    if (!this.record) throw new Error('replayAcknowledged() before runLoad()');
    this.retryWindow.until = Date.now() + this.options.retryGraceMs;
    return replayAcknowledged(this.sender, this.record.operations, {
      limit,
      concurrency: 8,
      seed: this.options.seed,
    });
  }

  /** The ledger as `reader` sees it now (while the load may still run). */
  readLedger(reader: LedgerReader): Promise<LedgerSnapshot> {
    return reader.read({
      userId: this.setup.session.userId,
      token: this.setup.session.token,
      api: this.api,
    });
  }

  async check(checkOptions: CheckOptions): Promise<HarnessResult> {
    const record = this.record;
    if (!record) throw new Error('check() before runLoad()');
    const snapshot = await checkOptions.ledgerReader.read({
      userId: this.setup.session.userId,
      token: this.setup.session.token,
      api: this.api,
    });
    const operations = [...this.setup.seeds, ...record.operations];
    const report = checkInvariants({
      accounts: this.setup.accounts,
      creations: this.setup.creations,
      operations,
      reader: record.reader,
      snapshot,
      stats: this.stats,
      crashMode: checkOptions.crashMode ?? false,
      events: checkOptions.events ?? [],
      ...(this.ruleProblems && { ruleProblems: this.ruleProblems }),
    });
    const seconds = Math.max(0.001, (record.endedAt - record.startedAt) / 1000);
    const loadAcknowledged = record.operations.filter((op) =>
      op.attempts.some((a) => a.status !== null && a.status >= 200 && a.status < 300),
    ).length;
    return {
      label: this.options.label,
      runId: this.runId,
      seed: this.options.seed,
      ledgerSource: checkOptions.ledgerReader.name,
      figures: {
        clients: this.options.clients,
        loadSeconds: seconds,
        requestsSent: this.stats.sent,
        answers: Object.fromEntries(
          [...this.stats.byAnswer].sort(([a], [b]) => a.localeCompare(b)),
        ),
        requestsPerSecond: this.stats.sent / seconds,
        acknowledgedOpsPerSecond: loadAcknowledged / seconds,
        operations: record.operations.length,
        overdrawAttempts: record.operations.filter((op) => op.overdraw).length,
        duplicates: record.duplicates,
        reads: record.reader.reads,
        failedReads: record.reader.failedReads,
        minBalanceSeenCents: record.reader.minBalanceCents,
        ledger: report.figures,
        extra: checkOptions.extra ?? {},
      },
      checks: report.checks,
      violations: report.violations,
      notes: [],
    };
  }

  close(): void {
    this.api.close();
  }
}

/** Set up, load, check: the whole harness against one running server. */
export async function runHarness(
  options: HarnessOptions & { ledgerReader: LedgerReader },
): Promise<HarnessResult> {
  const run = await HarnessRun.prepare(options);
  try {
    await run.runLoad();
    return await run.check({ ledgerReader: options.ledgerReader });
  } finally {
    run.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'database-url': { type: 'string' },
      clients: { type: 'string', default: '48' },
      duration: { type: 'string', default: '60' },
      cap: { type: 'string', default: '300000' },
      seed: { type: 'string' },
    },
  });
  if (!values.url) throw new Error('--url http://127.0.0.1:PORT is required');
  const databaseUrl = values['database-url'];
  const result = await runHarness({
    baseUrl: values.url,
    clients: Number(values.clients),
    durationMs: Number(values.duration) * 1000,
    requestCap: Number(values.cap),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    ledgerReader: databaseUrl ? postgresLedgerReader(databaseUrl) : apiLedgerReader(),
  });
  console.log(formatResult(result));
  process.exitCode = result.violations.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  });
}
