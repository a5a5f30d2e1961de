import { dataOf, dataOfText, type ApiClient } from './client.js';
import { LOAD_CURRENCIES, manualRateText, receivedFor } from './fx.js';
import { BASE_CURRENCY, minorToUnits, unitsToMinor } from './money.js';
import { MutationPlanner } from './mutations.js';
import {
  acknowledgement,
  descriptionFor,
  outcomeOf,
  type OperationKind,
  type Operation,
} from './operations.js';
import { Random } from './random.js';
import type { RetryWindow, Sender } from './sender.js';
import type { HarnessAccount, MovementData } from './setup.js';

/** Of reconciliations: the share sent with a statement a cent off the cleared balance. */
const WRONG_STATEMENT_SHARE = 0.1;
/**
 * Of manual rates: the share sent twice with one key (half at once; half after its answer and
 * after another rate of the same pair and day was answered, so a replay that wrote again would
 * leave the older value: harness/rate-checks.ts).
 */
const RATE_DUPLICATE_SHARE = 0.3;
/** Manual rates are for today or one of the 3 days before (UTC), so keys meet on a pair and day. */
const RATE_DAYS = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface LoadOptions {
  runId: string;
  clients: number;
  durationMs: number;
  /** The load stops sending new operations once this many requests went out. */
  requestCap: number;
  seed: number;
  /** Share of operations also sent a second time with the same key (half at once, half after). */
  duplicateRate: number;
  /** Share of withdrawals and expenses chosen larger than the balance last seen. */
  overdrawRate: number;
  /** Share of operations aimed at the hot account. */
  hotShare: number;
  /** Share of operations that are transfers to another account of the user. */
  transferRate: number;
  /**
   * Share of operations that edit, delete or undo what was acknowledged earlier (entries,
   * transfers, changes; see mutations.ts). 0 for a server without those routes.
   */
  mutationRate: number;
  /**
   * Share of operations that enter a rate by hand (POST /api/rates) for a pair among the
   * accounts' currencies. 0 for a server without rates (the toy).
   */
  rateRate: number;
  readerIntervalMs: number;
  /** How long after the end a key that got no answer is still retried. */
  retryGraceMs: number;
}

export interface NegativeSighting {
  accountId: string;
  balanceCents: bigint;
  at: number;
}

export interface ReaderFindings {
  reads: number;
  failedReads: number;
  /** Every negative balance read; `negatives` keeps the first ones as evidence. */
  negativeReads: number;
  negatives: NegativeSighting[];
  minBalanceCents: bigint | null;
}

export interface LoadRecord {
  startedAt: number;
  /** When the last operation settled. */
  endedAt: number;
  operations: Operation[];
  duplicates: { concurrent: number; later: number };
  reader: ReaderFindings;
}

/**
 * N clients send random deposits, withdrawals, expenses and transfers, and edits, deletes and
 * undos of what was acknowledged (a share of them duplicated with the same key), while a reader
 * polls the balances, until the duration or the request cap runs out.
 */
export class Load {
  private stopRequested = false;
  private readonly operations: Operation[] = [];
  private readonly duplicates = { concurrent: 0, later: 0 };
  private readonly reader: ReaderFindings = {
    reads: 0,
    failedReads: 0,
    negativeReads: 0,
    negatives: [],
    minBalanceCents: null,
  };
  private stopAt = 0;
  private readonly planner: MutationPlanner;

  constructor(
    private readonly api: ApiClient,
    private readonly token: string,
    private readonly sender: Sender,
    private readonly retryWindow: RetryWindow,
    private readonly accounts: HarnessAccount[],
    private readonly options: LoadOptions,
  ) {
    this.planner = new MutationPlanner(accounts);
  }

  /** Requests sent and not yet answered: what a crash would cut off. */
  get inFlight(): number {
    return this.sender.stats.inFlight;
  }

  get acknowledgedSoFar(): number {
    return this.operations.filter((op) => acknowledgement(op) !== undefined).length;
  }

  /** Keeps the load going at least until `at` (Date.now() value), e.g. after a late restart. */
  extendUntil(at: number): void {
    if (at <= this.stopAt) return;
    this.stopAt = at;
    this.retryWindow.until = this.stopAt + this.options.retryGraceMs;
  }

  /** Ends the load early (no new operations; open ones still settle). */
  stop(): void {
    this.stopRequested = true;
  }

  async run(): Promise<LoadRecord> {
    const startedAt = Date.now();
    this.stopAt = startedAt + this.options.durationMs;
    this.retryWindow.until = this.stopAt + this.options.retryGraceMs;
    let clientsDone = false;
    const reader = this.readBalances(() => clientsDone);
    await Promise.all(
      Array.from({ length: this.options.clients }, (_, i) =>
        this.client(i, new Random(this.options.seed + i * 7919)),
      ),
    );
    const endedAt = Date.now();
    clientsDone = true;
    await reader;
    return {
      startedAt,
      endedAt,
      operations: this.operations,
      duplicates: this.duplicates,
      reader: this.reader,
    };
  }

  private shouldContinue(): boolean {
    return (
      !this.stopRequested &&
      Date.now() < this.stopAt &&
      this.sender.stats.sent < this.options.requestCap
    );
  }

  private async client(index: number, rng: Random): Promise<void> {
    for (let seq = 0; this.shouldContinue(); seq += 1) {
      const op = this.nextOperation(`${this.options.runId}-c${index}-${seq}`, rng);
      if (op.kind === 'reconcile') await this.readStatement(op, rng);
      this.operations.push(op);
      const roll = rng.next();
      const duplicateRate = op.kind === 'rate' ? RATE_DUPLICATE_SHARE : this.options.duplicateRate;
      if (roll < duplicateRate / 2) {
        this.duplicates.concurrent += 1;
        await Promise.all([
          this.sender.settle(op, 'original'),
          this.sender.settle(op, 'concurrent-duplicate'),
        ]);
      } else if (roll < duplicateRate) {
        const first = await this.sender.settle(op, 'original');
        if (first.status !== null) {
          this.duplicates.later += 1;
          // Another rate of the pair and day overtakes it before its replay.
          if (op.kind === 'rate') await this.overtakeRate(op, `${op.key}-over`, rng);
          await this.sender.settle(op, 'later-duplicate');
        }
      } else {
        await this.sender.settle(op, 'original');
      }
      this.learnBalance(op);
      this.planner.learn(op);
      // A client whose server is down waits a little before its next operation.
      if (outcomeOf(op) === 'unknown') await sleep(100);
    }
  }

  /** The currencies of the accounts, for the pairs of manual rates. */
  private get currencies(): string[] {
    const used = new Set(this.accounts.map((a) => a.currency));
    return LOAD_CURRENCIES.filter((c) => used.has(c));
  }

  /** A rate by hand (POST /api/rates) for a pair of the accounts' currencies on a recent day. */
  private rateOperation(key: string, rng: Random): Operation | undefined {
    const currencies = this.currencies;
    if (currencies.length < 2) return undefined;
    const base = rng.pick(currencies);
    const quote = rng.pick(currencies.filter((c) => c !== base));
    const day = new Date(Date.now() - rng.int(0, RATE_DAYS) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return this.rateOf(key, { base, quote, day }, rng);
  }

  private rateOf(
    key: string,
    pair: { base: string; quote: string; day: string },
    rng: Random,
  ): Operation {
    return {
      key,
      kind: 'rate',
      accountId: '',
      amountCents: 0n,
      description: '',
      phase: 'load',
      overdraw: false,
      body: { ...pair, rate: manualRateText(pair.base, pair.quote, rng) },
      attempts: [],
    };
  }

  /** A second rate of `op`'s pair and day, with its own key and value, sent and answered. */
  private async overtakeRate(op: Operation, key: string, rng: Random): Promise<void> {
    const { base, quote, day } = op.body as { base: string; quote: string; day: string };
    const over = this.rateOf(key, { base, quote, day }, rng);
    this.operations.push(over);
    await this.sender.settle(over, 'original');
  }

  private nextOperation(key: string, rng: Random): Operation {
    const rate = rng.chance(this.options.rateRate) ? this.rateOperation(key, rng) : undefined;
    if (rate) return rate;
    const mutation = rng.chance(this.options.mutationRate)
      ? this.planner.next(key, rng)
      : undefined;
    if (mutation) return mutation;
    const hot = this.accounts.find((a) => a.hot);
    const others = this.accounts.filter((a) => !a.hot);
    const account =
      hot && (others.length === 0 || rng.chance(this.options.hotShare)) ? hot : rng.pick(others);
    const roll = rng.next();
    const transfer = this.accounts.length > 1 && rng.chance(this.options.transferRate);
    const kind: OperationKind = transfer
      ? 'transfer'
      : roll < 0.4
        ? 'deposit'
        : roll < 0.75
          ? 'withdraw'
          : 'expense';
    const to = transfer ? rng.pick(this.accounts.filter((a) => a.id !== account.id)) : undefined;
    const toAccountId = to?.id;
    let amountCents: bigint;
    let overdraw = false;
    if (kind === 'deposit') {
      amountCents = BigInt(rng.int(100, 20_000));
    } else {
      overdraw = rng.chance(this.options.overdrawRate);
      const seen = account.estimateCents > 0n ? account.estimateCents : 0n;
      amountCents = overdraw
        ? seen + BigInt(rng.int(1, 5_000))
        : BigInt(rng.int(1, Math.max(1, Math.min(20_000, Number(seen / 10n)))));
    }
    return {
      key,
      kind,
      accountId: account.id,
      ...(toAccountId && { toAccountId }),
      amountCents,
      currency: account.currency,
      // Between two currencies: what arrives, about the market rate (each its own rate).
      ...(to && {
        toCurrency: to.currency,
        receivedCents: receivedFor(amountCents, account.currency, to.currency, rng),
      }),
      description: descriptionFor(key),
      phase: 'load',
      overdraw,
      attempts: [],
    };
  }

  /**
   * A reconciliation's statement balance, as a person would type it: the cleared balance the
   * account's summary shows on the statement's date (GET /api/account/{id}/reconciliation), or
   * a cent off (refused, 409). Others may clear or change entries before it arrives: then the
   * right balance is refused too. Every attempt of the key sends this same body.
   */
  private async readStatement(op: Operation, rng: Random): Promise<void> {
    const statementOn = String(op.body?.statementOn);
    const summary = dataOf<{ clearedBalance: number }>(
      await this.api.request(
        'GET',
        `/api/account/${op.accountId}/reconciliation?statementOn=${statementOn}&statementBalance=0`,
        { token: this.token },
      ),
    );
    const currency = op.currency ?? BASE_CURRENCY;
    const cleared = summary ? unitsToMinor(summary.clearedBalance, currency) : 0n;
    // A minor unit off: a cent, a yen or a fils.
    const statement = rng.chance(WRONG_STATEMENT_SHARE) ? cleared + 1n : cleared;
    op.body = { statementOn, statementBalance: minorToUnits(statement, currency) };
  }

  private learnBalance(op: Operation): void {
    const ack = acknowledgement(op);
    const data = ack && dataOfText<MovementData>(ack.bodyText);
    if (!data) return;
    for (const seen of data.accounts ?? (data.account ? [data.account] : [])) {
      const account = this.accounts.find((a) => a.id === seen.id);
      if (account && typeof seen.balance === 'number') {
        try {
          account.estimateCents = unitsToMinor(seen.balance, account.currency);
        } catch {
          // More decimals than its currency has: (a)-(d) judge the ledger; the estimate stays.
        }
      }
    }
  }

  private async readBalances(done: () => boolean): Promise<void> {
    const currencyOf = new Map(this.accounts.map((a) => [a.id, a.currency]));
    while (!done()) {
      const answer = await this.api.request('GET', '/api/account', { token: this.token });
      this.reader.reads += 1;
      const list = dataOf<{ id: string; balance: number }[]>(answer);
      if (!list) {
        this.reader.failedReads += 1;
      } else {
        for (const account of list) {
          const currency = currencyOf.get(account.id);
          if (currency === undefined) continue;
          let cents: bigint;
          try {
            cents = unitsToMinor(account.balance, currency);
          } catch {
            // A balance with more decimals than its currency has is no balance of it.
            this.reader.failedReads += 1;
            continue;
          }
          if (this.reader.minBalanceCents === null || cents < this.reader.minBalanceCents) {
            this.reader.minBalanceCents = cents;
          }
          if (cents < 0n) {
            this.reader.negatives.push({
              accountId: account.id,
              balanceCents: cents,
              at: Date.now(),
            });
          }
        }
      }
      await sleep(this.options.readerIntervalMs);
    }
  }
}

/**
 * Sends every acknowledged key once more (up to `limit` of them, chosen at random), e.g. after
 * the last restart of a crash run: each must answer exactly what it answered the first time.
 */
export async function replayAcknowledged(
  sender: Sender,
  operations: Operation[],
  options: { limit: number; concurrency: number; seed: number },
): Promise<number> {
  const rng = new Random(options.seed);
  const acknowledged = operations.filter((op) => acknowledgement(op) !== undefined);
  for (let i = acknowledged.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [acknowledged[i], acknowledged[j]] = [
      acknowledged[j] as Operation,
      acknowledged[i] as Operation,
    ];
  }
  const chosen = acknowledged.slice(0, options.limit);
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let op = chosen[next++]; op; op = chosen[next++]) {
        await sender.settle(op, 'final-replay');
      }
    }),
  );
  return chosen.length;
}
