/**
 * The budget scenario (run.ts, README.md): the two members of one shared book, each through both
 * of two server instances on one PostgreSQL database, send budget actions (assign, move, cover,
 * hold, rollover, undo; the card's payment envelope a place as a category is) and ledger entries
 * (deposits, expenses, transfers, payments to the card) into the book at once,
 * some of them twice with the same Idempotency-Key (at once, on both instances, or after the
 * answer). The load pauses at checkpoints and ends; each time, with nothing in flight:
 *
 *   (B1) no answer was a 5xx, and every refusal is one the budget or the ledger may give;
 *   (B2) the envelope identity (docs/budgets.md#the-identity) holds in every touched month,
 *        read through each instance, which answer the same figures;
 *   (B3) the log holds exactly one row per key answered 2xx with an action (duplicates and
 *        retries recorded once, answered with the same action), and the ledger one entry (two
 *        for a transfer) per key answered 2xx;
 *   (B4) the log's undo marks agree: every undone row names its undo, and an action counts when
 *        its chain of undos is even.
 *
 * Targets 127.0.0.1 only (ApiClient refuses anything else).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { isDeepStrictEqual } from 'node:util';
import type { HarnessResult } from '../harness.js';
import { ServerProcess, createFreshDatabase, freePort } from '../server-process.js';
import { ApiClient, dataOf, type HttpAnswer } from './client.js';
import { MUTATION_KIND_LIST, type Check, type LedgerFigures } from './invariants.js';
import { Random, randomSeed } from './random.js';
import { SharedBookClient, makeSharedBook, type Member } from './shared-book.js';

export interface BudgetProfile {
  /** Concurrent workers, each request as one of the two members through either instance. */
  clients: number;
  durationMs: number;
  /** No new operation starts once this many requests went out. */
  requestCap: number;
  /** Pauses during the load where (B2)-(B4) are checked, besides the end. */
  checkpoints: number;
}

type BudgetKind = 'assign' | 'move' | 'cover' | 'hold' | 'rollover' | 'undo';
type LedgerKind = 'deposit' | 'expense' | 'transfer';
type OpKind = BudgetKind | LedgerKind;

const BUDGET_KINDS = new Set<OpKind>(['assign', 'move', 'cover', 'hold', 'rollover', 'undo']);

/** The share of each operation. */
const WEIGHTS: [OpKind, number][] = [
  ['assign', 24],
  ['move', 12],
  ['cover', 8],
  ['hold', 5],
  ['rollover', 5],
  ['undo', 10],
  ['deposit', 12],
  ['expense', 16],
  ['transfer', 8],
];

/** The refusals an operation may get from a correct server (anything else 4xx is a finding). */
const EXPECTED_REFUSALS: Record<OpKind, number[]> = {
  assign: [],
  // More than the source category has (422); the same place twice cannot happen here.
  move: [422],
  // A source category with nothing available.
  cover: [422],
  hold: [],
  rollover: [],
  // Already undone (409).
  undo: [409],
  deposit: [],
  expense: [],
  transfer: [],
};

interface Attempt {
  status: number | null;
  replayed: boolean;
  /** The action's id for a budget operation answered 2xx (null: nothing changed). */
  actionId: string | null;
  text: string;
}

interface KeyRecord {
  key: string;
  kind: OpKind;
  path: string;
  /** A ledger operation's amount, in cents. */
  cents: bigint;
  attempts: Attempt[];
}

interface Plan {
  kind: OpKind;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
}

interface World {
  months: string[];
  /** Months the identity is checked in: the ones written to and the one after. */
  checked: string[];
  spending: string[];
  income: string;
  accounts: { checking: string; card: string; savings: string; loan: string };
  /** Action ids answered 2xx, for undos to pick from. */
  actionIds: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const cents = (units: number) => BigInt(Math.round(units * 100));

function monthsBefore(count: number): string[] {
  const now = new Date();
  const months: string[] = [];
  for (let back = count; back >= 1; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

function nextMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
}

function plan(rng: Random, world: World): Plan {
  let roll = rng.int(
    1,
    WEIGHTS.reduce((sum, [, w]) => sum + w, 0),
  );
  let kind: OpKind = 'assign';
  for (const [k, w] of WEIGHTS) {
    roll -= w;
    if (roll <= 0) {
      kind = k;
      break;
    }
  }
  const month = rng.pick(world.months);
  const day = `${month}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const category = () => rng.pick(world.spending);
  // The card's payment envelope (docs/budgets.md#credit-cards) now and then, where a category goes.
  const place = () => (rng.chance(0.15) ? world.accounts.card : category());
  const units = (min: number, max: number) => rng.int(min * 100, max * 100) / 100;
  const { accounts } = world;
  switch (kind) {
    case 'assign':
      return {
        kind,
        method: 'POST',
        path: '/api/budget/assign',
        body: { month, categoryId: place(), assigned: units(0, 600) },
      };
    case 'move': {
      const from = rng.chance(0.3) ? null : place();
      let to = rng.chance(0.2) && from !== null ? null : place();
      if (to === from) to = world.spending.find((id) => id !== from) ?? null;
      return {
        kind,
        method: 'POST',
        path: '/api/budget/move',
        body: { month, fromCategoryId: from, toCategoryId: to, amount: units(1, 150) },
      };
    }
    case 'cover': {
      const target = category();
      const from = rng.chance(0.5) ? null : (world.spending.find((id) => id !== target) ?? null);
      return {
        kind,
        method: 'POST',
        path: '/api/budget/cover',
        body: { month, categoryId: target, fromCategoryId: from },
      };
    }
    case 'hold':
      return {
        kind,
        method: 'PUT',
        path: '/api/budget/hold',
        body: { month, amount: units(0, 300) },
      };
    case 'rollover': {
      const rule = rng.pick(['surplus', 'both', 'none', 'capped'] as const);
      return {
        kind,
        method: 'PUT',
        path: '/api/budget/rollover',
        body: {
          month,
          categoryId: category(),
          rule,
          ...(rule === 'capped' && { cap: units(0, 200) }),
        },
      };
    }
    case 'undo': {
      const id = world.actionIds.length > 0 ? rng.pick(world.actionIds) : null;
      // Nothing to undo yet: an assignment instead.
      if (id === null) return plan(rng, world);
      return { kind, method: 'POST', path: `/api/budget/actions/${id}/undo`, body: {} };
    }
    case 'deposit': {
      // Income mostly; some uncategorised, some refunds into a spending category.
      const categoryId = rng.chance(0.7) ? world.income : rng.chance(0.5) ? null : category();
      return {
        kind,
        method: 'POST',
        path: `/api/account/${accounts.checking}/deposit`,
        body: { amount: units(50, 900), occurredOn: day, categoryId },
      };
    }
    case 'expense':
      return {
        kind,
        method: 'POST',
        path: '/api/expenses/expense',
        body: {
          amount: units(1, 120),
          accountId: rng.chance(0.6) ? accounts.checking : accounts.card,
          occurredOn: day,
          categoryId: rng.chance(0.9) ? category() : null,
        },
      };
    case 'transfer':
      return {
        kind,
        method: 'POST',
        path: '/api/transfers',
        body: {
          fromAccountId: accounts.checking,
          // Savings is on budget (the legs cancel), the loan is tracking only (money leaves),
          // the card is paid from its envelope.
          toAccountId: rng.pick([accounts.savings, accounts.savings, accounts.loan, accounts.card]),
          amount: units(5, 200),
          occurredOn: day,
        },
      };
  }
}

/** The load's bookkeeping: every key's attempts, and the pause the checkpoints need. */
class Recorder {
  readonly keys = new Map<string, KeyRecord>();
  requests = 0;
  concurrentDuplicates = 0;
  laterDuplicates = 0;
  retriesAfterNoAnswer = 0;
  active = 0;
  private paused: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(
    private readonly client: SharedBookClient,
    private readonly world: World,
  ) {}

  async send(p: Plan, key: string): Promise<Attempt> {
    this.requests += 1;
    const answer: HttpAnswer = await this.client.request(p.method, p.path, {
      token: 'member',
      idempotencyKey: key,
      body: p.body,
    });
    const actionId =
      BUDGET_KINDS.has(p.kind) && answer.status !== null && answer.status < 300
        ? (dataOf<{ action: { id: string } | null }>(answer)?.action?.id ?? null)
        : null;
    const attempt: Attempt = {
      status: answer.status,
      replayed: answer.replayed,
      actionId,
      text: answer.bodyText.slice(0, 200),
    };
    const amount = BUDGET_KINDS.has(p.kind) ? 0n : cents(Number(p.body.amount));
    const record = this.keys.get(key) ?? {
      key,
      kind: p.kind,
      path: p.path,
      cents: amount,
      attempts: [],
    };
    record.attempts.push(attempt);
    this.keys.set(key, record);
    if (actionId !== null && !answer.replayed) this.world.actionIds.push(actionId);
    return attempt;
  }

  /** One operation: maybe sent twice at once, maybe again after its answer; retried unanswered. */
  async operate(rng: Random): Promise<void> {
    const p = plan(rng, this.world);
    const key = randomUUID();
    const concurrent = rng.chance(0.15);
    const later = rng.chance(0.1);
    if (concurrent) this.concurrentDuplicates += 1;
    const attempts = await Promise.all((concurrent ? [0, 1] : [0]).map(() => this.send(p, key)));
    let answered = attempts.some((a) => a.status !== null);
    for (let retry = 0; !answered && retry < 3; retry += 1) {
      this.retriesAfterNoAnswer += 1;
      await sleep(200);
      answered = (await this.send(p, key)).status !== null;
    }
    if (later) {
      this.laterDuplicates += 1;
      await this.send(p, key);
    }
  }

  /** Waits at a checkpoint while one is held. */
  async gate(): Promise<void> {
    while (this.paused !== null) await this.paused;
  }

  /** Holds new operations and waits until none is in flight. */
  async pause(): Promise<void> {
    this.paused = new Promise((resolve) => (this.release = resolve));
    while (this.active > 0) await sleep(10);
  }

  resume(): void {
    const release = this.release;
    this.paused = null;
    this.release = null;
    release?.();
  }
}

interface BudgetMonthData {
  period: { start: string; end: string };
  toAssign: number;
  toAssignParts: { heldForNextMonth: number };
  categories: { categoryId: string; assigned: number; activity: number; available: number }[];
  cardEnvelopes: boolean;
  cards: { accountId: string; available: number; uncoveredSpending: number }[];
}

interface BudgetPlanData {
  categories: {
    categoryId: string;
    months: { month: string; budgeted: number; spent: number }[];
  }[];
}

/**
 * (B2) at one moment with nothing in flight: every checked month through each instance, the same
 * figures from both, and the identity against the ledger's on-budget accounts (the SQL of
 * tests/helpers/budget-invariants.ts).
 */
async function identityProblems(
  instances: { label: string; api: ApiClient }[],
  token: string,
  bookId: string,
  sql: postgres.Sql,
  world: World,
  at: string,
): Promise<{ problems: string[]; reads: number }> {
  const problems: string[] = [];
  let reads = 0;
  // Plan against actual over the same months: each cell is the grid's Assigned and Activity.
  const months = [...world.checked].sort();
  const planPath = `/api/budget/plan?from=${months[0] ?? ''}&to=${months[months.length - 1] ?? ''}`;
  const planAnswer = await instances[0]?.api.request('GET', planPath, {
    token,
    headers: { 'x-book-id': bookId },
  });
  reads += 1;
  const plan = planAnswer === undefined ? null : dataOf<BudgetPlanData>(planAnswer);
  if (!plan) problems.push(`${at}: GET ${planPath}: ${planAnswer?.status ?? 'not sent'}`);
  for (const month of world.checked) {
    const answers: BudgetMonthData[] = [];
    for (const { label, api } of instances) {
      const answer = await api.request('GET', `/api/budget?month=${month}`, {
        token,
        headers: { 'x-book-id': bookId },
      });
      reads += 1;
      const data = dataOf<BudgetMonthData>(answer);
      if (!data) {
        problems.push(`${at}: GET /api/budget?month=${month} on ${label}: ${answer.status}`);
        continue;
      }
      answers.push(data);
    }
    const [first, second] = answers;
    if (first === undefined) continue;
    if (second !== undefined && !isDeepStrictEqual(first, second)) {
      problems.push(`${at}: the two instances answer different figures for ${month}`);
    }
    let budgeted = cents(first.toAssign) - cents(first.toAssignParts.heldForNextMonth);
    for (const category of first.categories) {
      budgeted += cents(category.available);
      const cell = plan?.categories
        .find((c) => c.categoryId === category.categoryId)
        ?.months.find((m) => m.month === month);
      if (
        plan &&
        (cents(cell?.budgeted ?? 0) !== cents(category.assigned) ||
          cents(cell?.spent ?? 0) !== -cents(category.activity))
      ) {
        problems.push(`${at}: ${month}: plan against actual differs from the grid`);
      }
    }
    for (const card of first.cards) {
      budgeted += cents(card.available) + cents(card.uncoveredSpending);
    }
    // With card envelopes the cash accounts only: the cards' debt is in the envelopes.
    const [row] = await sql<{ cash: string | null }[]>`
      SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN t.amount_cents
                      ELSE -t.amount_cents END)::text AS cash
      FROM transactions t JOIN accounts a ON a.id = t.account_id
      WHERE t.book_id = ${bookId} AND t.deleted_at IS NULL AND a.deleted_at IS NULL
        AND a.on_budget AND t.occurred_on <= ${first.period.end}::date
        AND NOT (${first.cardEnvelopes} AND a.account_type = 'credit-card')`;
    const cash = BigInt(row?.cash ?? 0);
    if (cash !== budgeted) {
      problems.push(
        `${at}: ${month}: budget holds ${budgeted} cents, the on-budget accounts ${cash}`,
      );
    }
  }
  return { problems, reads };
}

/** (B3) and (B4) from the keys' answers and the database, with nothing in flight. */
async function recordProblems(
  recorder: Recorder,
  sql: postgres.Sql,
  bookId: string,
  setupEntries: number,
  at: string,
): Promise<{ recorded: string[]; undoMarks: string[]; figures: Record<string, number> }> {
  const recorded: string[] = [];
  const expectedIds = new Set<string>();
  let expectedEntries = setupEntries;
  let unanswered = 0;
  let mismatched = 0;
  for (const record of recorder.keys.values()) {
    const ok = record.attempts.filter((a) => a.status !== null && a.status < 300);
    const answered = record.attempts.filter((a) => a.status !== null);
    if (answered.length === 0) unanswered += 1;
    // A key has one outcome: every answer the same status, and the same action.
    const statuses = new Set(answered.map((a) => a.status));
    const actions = new Set(ok.map((a) => a.actionId));
    if (statuses.size > 1 || actions.size > 1) {
      mismatched += 1;
      if (mismatched <= 3) {
        recorded.push(
          `${at}: key ${record.key} (${record.kind}) answered ${[...statuses].join(' and ')}${actions.size > 1 ? ` with actions ${[...actions].join(', ')}` : ''}`,
        );
      }
    }
    if (ok.length === 0) continue;
    if (BUDGET_KINDS.has(record.kind)) {
      const id = ok[0]?.actionId;
      if (id) expectedIds.add(id);
    } else {
      expectedEntries += record.kind === 'transfer' ? 2 : 1;
    }
  }
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM budget_actions WHERE book_id = ${bookId}`;
  const stored = new Set(rows.map((r) => r.id));
  const missing = [...expectedIds].filter((id) => !stored.has(id));
  const extra = [...stored].filter((id) => !expectedIds.has(id));
  // Without an answer a key may or may not have been recorded: then only bounds hold.
  if (missing.length > 0) {
    recorded.push(`${at}: ${missing.length} acknowledged actions not in the log (${missing[0]})`);
  }
  if (extra.length > unanswered) {
    recorded.push(
      `${at}: the log holds ${stored.size} rows, ${expectedIds.size} keys were answered with an action (${extra.length} rows no answer names)`,
    );
  }
  const [entries] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM transactions WHERE book_id = ${bookId} AND deleted_at IS NULL`;
  const entryRows = entries?.n ?? 0;
  if (entryRows < expectedEntries || entryRows > expectedEntries + 2 * unanswered) {
    recorded.push(
      `${at}: the ledger holds ${entryRows} entries, the keys answered 2xx make ${expectedEntries}`,
    );
  }
  const undoMarks: string[] = [];
  const broken = await sql<{ id: string; problem: string }[]>`
    WITH RECURSIVE chain AS (
      SELECT id AS root, id, 0 AS depth FROM budget_actions
      WHERE book_id = ${bookId} AND kind <> 'undo'
      UNION ALL
      SELECT c.root, u.id, c.depth + 1 FROM chain c JOIN budget_actions u ON u.undoes_id = c.id
    ), depth AS (SELECT root, max(depth) AS depth, count(*) AS rows FROM chain GROUP BY root)
    SELECT a.id::text, 'counts ' || a.counts || ' after ' || d.depth || ' undos' AS problem
    FROM budget_actions a JOIN depth d ON d.root = a.id
    WHERE a.counts <> (d.depth % 2 = 0) OR d.rows <> d.depth + 1
    UNION ALL
    SELECT a.id::text, 'undone by a row that does not undo it'
    FROM budget_actions a
    WHERE a.book_id = ${bookId} AND a.undone_by_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM budget_actions u WHERE u.id = a.undone_by_id AND u.undoes_id = a.id)
    UNION ALL
    SELECT u.id::text, 'an undo its target does not name'
    FROM budget_actions u JOIN budget_actions a ON a.id = u.undoes_id
    WHERE u.book_id = ${bookId} AND a.undone_by_id IS DISTINCT FROM u.id`;
  for (const b of broken.slice(0, 3)) undoMarks.push(`${at}: action ${b.id}: ${b.problem}`);
  if (broken.length > 3) undoMarks.push(`${at}: ... ${broken.length} rows in all`);
  return {
    recorded,
    undoMarks,
    figures: {
      logRows: stored.size,
      acknowledgedActions: expectedIds.size,
      entryRows,
      expectedEntries,
      mismatched,
      unanswered,
    },
  };
}

function emptyLedgerFigures(): LedgerFigures {
  const tally = () => ({ count: 0, cents: 0n });
  return {
    initialCents: 0n,
    acknowledged: { deposit: tally(), withdraw: tally(), expense: tally(), transfer: tally() },
    refused: { insufficientFunds: 0, other: 0 },
    mutations: Object.fromEntries(
      MUTATION_KIND_LIST.map((kind) => [kind, { acknowledged: 0, refused: 0, unknown: 0 }]),
    ) as LedgerFigures['mutations'],
    splitEntries: 0,
    reconciliation: { reconciledEntries: 0, lockRefusals: 0, confirmedChanges: 0 },
    unknownKeys: 0,
    unknownKeysCommitted: 0,
    retriedAfterNoAnswer: 0,
    recoveredByReplay: 0,
    lostAcknowledged: 0,
    ledgerRows: 0,
    distinctAcknowledgedKeys: 0,
    totalBalanceCents: 0n,
    expectedTotalCents: 0n,
    totals: [],
    fx: {
      crossTransfers: 0,
      crossTransferEdits: 0,
      transferRates: 0,
      manualRates: 0,
      ratesReplayedAfterAnother: 0,
    },
    answeredReplays: 0,
    replaysMarkedReplayed: 0,
    mismatchedReplays: 0,
  };
}

function expectData<T>(step: string, answer: HttpAnswer): T {
  const data = dataOf<T>(answer);
  if (data === undefined) {
    throw new Error(
      `Budget setup failed at ${step}: ${answer.status ?? answer.error} ${answer.bodyText.slice(0, 300)}`,
    );
  }
  return data;
}

/**
 * The scenario: a fresh database, two instances, the shared book with four accounts and a
 * month's pay in each month, then the load with its checkpoints, then the checks.
 */
export async function budgetOnTwoInstances(
  testDatabaseUrl: string,
  profile: BudgetProfile,
): Promise<HarnessResult> {
  const seed = randomSeed();
  const runId = randomBytes(4).toString('hex');
  const database = await createFreshDatabase(testDatabaseUrl);
  const servers: ServerProcess[] = [];
  for (const n of [1, 2]) {
    servers.push(
      new ServerProcess({
        label: `budget-postgres-${n}`,
        backend: { kind: 'postgres', databaseUrl: database.url },
        port: await freePort(),
      }),
    );
  }
  const instances = servers.map((server, i) => ({
    label: `instance ${i + 1}`,
    url: server.url,
    api: new ApiClient(server.url, 15_000),
  }));
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  let client: SharedBookClient | null = null;
  try {
    // One after the other: both would run the migrations at once otherwise.
    for (const server of servers) await server.start();
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const book = await makeSharedBook(one.api, two.api, runId);
    const owner = (book.members[0] as Member).session;
    const asOwner = { token: owner.token, headers: { 'x-book-id': book.bookId } };
    const groups = expectData<{ kind: string; categories: { id: string }[] }[]>(
      'GET /api/categories',
      await one.api.request('GET', '/api/categories', asOwner),
    );
    const spending = groups
      .filter((g) => g.kind === 'spending')
      .flatMap((g) => g.categories.map((c) => c.id))
      .slice(0, 6);
    const income = groups.find((g) => g.kind === 'income')?.categories[0]?.id;
    if (spending.length < 2 || income === undefined) throw new Error('The book has no categories');
    const accountIds: string[] = [];
    for (const [title, type] of [
      ['Checking', 'checking'],
      ['Card', 'credit-card'],
      ['Savings', 'savings'],
      ['Mortgage', 'loan'],
    ] as const) {
      const created = await one.api.request('POST', '/api/account', {
        ...asOwner,
        idempotencyKey: randomUUID(),
        body: { title, type, creditLimit: 10_000_000 },
      });
      accountIds.push(expectData<{ id: string }>(`account ${title}`, created).id);
    }
    const [checking, card, savings, loan] = accountIds as [string, string, string, string];
    const months = monthsBefore(3);
    const lastMonth = months[months.length - 1] as string;
    const world: World = {
      months,
      checked: [...months, nextMonthOf(lastMonth)],
      spending,
      income,
      accounts: { checking, card, savings, loan },
      actionIds: [],
    };
    expectData(
      'card envelopes on, months from the 25th (the Friday before a weekend)',
      await one.api.request('PUT', '/api/budget/settings', {
        ...asOwner,
        idempotencyKey: randomUUID(),
        body: { cardEnvelopes: true, periodStartDay: 25, periodWeekend: 'before' },
      }),
    );
    // A month's pay in each month, so there is money to assign.
    for (const month of months) {
      expectData(
        `pay of ${month}`,
        await one.api.request('POST', `/api/account/${checking}/deposit`, {
          ...asOwner,
          idempotencyKey: randomUUID(),
          body: { amount: 3000, occurredOn: `${month}-01`, categoryId: income },
        }),
      );
    }
    const setupEntries = months.length;

    client = new SharedBookClient(instances, book);
    const recorder = new Recorder(client, world);
    const checks = {
      identity: [] as string[],
      recorded: [] as string[],
      undoMarks: [] as string[],
    };
    let reads = 0;
    let lastFigures: Record<string, number> = {};
    const checkpoint = async (at: string) => {
      const identity = await identityProblems(instances, owner.token, book.bookId, sql, world, at);
      reads += identity.reads;
      checks.identity.push(...identity.problems);
      const records = await recordProblems(recorder, sql, book.bookId, setupEntries, at);
      checks.recorded.push(...records.recorded);
      checks.undoMarks.push(...records.undoMarks);
      lastFigures = records.figures;
    };

    const began = Date.now();
    const deadline = began + profile.durationMs;
    const checkpointsAt = Array.from(
      { length: profile.checkpoints },
      (_, i) => began + ((i + 1) * profile.durationMs) / (profile.checkpoints + 1),
    );
    let checkpointsDone = 0;
    let pausedMs = 0;
    const worker = async (n: number) => {
      const rng = new Random(seed + n);
      for (;;) {
        await recorder.gate();
        if (Date.now() >= deadline + pausedMs || recorder.requests >= profile.requestCap) return;
        recorder.active += 1;
        try {
          await recorder.operate(rng);
        } finally {
          recorder.active -= 1;
        }
      }
    };
    const coordinator = async () => {
      for (const at of checkpointsAt) {
        while (Date.now() < at + pausedMs) {
          if (recorder.requests >= profile.requestCap) return;
          await sleep(20);
        }
        const pauseBegan = Date.now();
        await recorder.pause();
        await checkpoint(`checkpoint ${checkpointsDone + 1}`);
        checkpointsDone += 1;
        pausedMs += Date.now() - pauseBegan;
        recorder.resume();
      }
    };
    await Promise.all([
      coordinator(),
      ...Array.from({ length: profile.clients }, (_, n) => worker(n)),
    ]);
    const loadSeconds = (Date.now() - began - pausedMs) / 1000;
    await checkpoint('end');

    // (B1) every answer, by status.
    const answers: Record<string, number> = {};
    const unexpected: string[] = [];
    const serverErrors: string[] = [];
    let replays = 0;
    let operationsOk = 0;
    const acknowledged = emptyLedgerFigures().acknowledged;
    const byKind: Record<string, { ok: number; refused: number; nothing: number }> = {};
    for (const record of recorder.keys.values()) {
      const tally = (byKind[record.kind] ??= { ok: 0, refused: 0, nothing: 0 });
      const first = record.attempts.find((a) => a.status !== null);
      for (const a of record.attempts) {
        const label = a.status === null ? 'no answer' : String(a.status);
        answers[label] = (answers[label] ?? 0) + 1;
        if (a.replayed) replays += 1;
        if (a.status !== null && a.status >= 500) {
          serverErrors.push(`${record.kind} ${record.path}: ${a.status} ${a.text}`);
        } else if (
          a.status !== null &&
          a.status >= 300 &&
          !EXPECTED_REFUSALS[record.kind].includes(a.status)
        ) {
          unexpected.push(`${record.kind} ${record.path}: ${a.status} ${a.text}`);
        }
      }
      if (first?.status !== null && first !== undefined && first.status < 300) {
        operationsOk += 1;
        if (BUDGET_KINDS.has(record.kind) && first.actionId === null) tally.nothing += 1;
        else tally.ok += 1;
        if (record.kind === 'deposit' || record.kind === 'expense' || record.kind === 'transfer') {
          acknowledged[record.kind].count += 1;
          acknowledged[record.kind].cents += record.cents;
        }
      } else if (first !== undefined) {
        tally.refused += 1;
      }
    }
    const statusProblems = [
      ...serverErrors.slice(0, 3),
      ...unexpected.slice(0, 3),
      ...(serverErrors.length + unexpected.length > 6
        ? [`... ${serverErrors.length} 5xx and ${unexpected.length} unexpected refusals in all`]
        : []),
    ];
    // The book's money: the pay, plus deposits, less expenses (transfers stay in the book).
    const [balances] = await sql<{ total: string | null }[]>`
      SELECT sum(balance_cents)::text AS total FROM accounts WHERE book_id = ${book.bookId}`;
    const initialCents = cents(3000) * BigInt(months.length);
    const expectedTotal = initialCents + acknowledged.deposit.cents - acknowledged.expense.cents;
    const totalBalance = BigInt(balances?.total ?? 0);
    if (totalBalance !== expectedTotal) {
      checks.recorded.push(
        `end: the accounts hold ${totalBalance} cents, the acknowledged entries make ${expectedTotal}`,
      );
    }
    const ledger = emptyLedgerFigures();
    const makeCheck = (id: string, title: string, problems: string[]): Check => ({
      id,
      title,
      ok: problems.length === 0,
      problems: problems.length,
      details: problems.slice(0, 5),
    });
    const resultChecks: Check[] = [
      makeCheck('B1', 'budget: no 5xx, only the refusals the budget may give', statusProblems),
      makeCheck(
        'B2',
        'budget: the envelope identity in every touched month, both instances alike',
        checks.identity,
      ),
      makeCheck(
        'B3',
        'budget: one log row per acknowledged action key, one entry per ledger key',
        checks.recorded,
      ),
      makeCheck('B4', 'budget: undo marks agree with the chains of undos', checks.undoMarks),
    ];
    ledger.initialCents = initialCents;
    ledger.totalBalanceCents = totalBalance;
    ledger.expectedTotalCents = expectedTotal;
    ledger.acknowledged = acknowledged;
    ledger.ledgerRows = lastFigures.entryRows ?? 0;
    ledger.distinctAcknowledgedKeys = operationsOk;
    ledger.answeredReplays = replays;
    ledger.replaysMarkedReplayed = replays;
    ledger.mismatchedReplays = lastFigures.mismatched ?? 0;
    ledger.retriedAfterNoAnswer = recorder.retriesAfterNoAnswer;
    ledger.unknownKeys = lastFigures.unanswered ?? 0;
    return {
      label: 'budget / concurrent assignments',
      runId,
      seed,
      ledgerSource: 'PostgreSQL (SQL) and GET /api/budget on both instances',
      figures: {
        clients: profile.clients,
        loadSeconds,
        requestsSent: recorder.requests,
        answers,
        requestsPerSecond: recorder.requests / Math.max(loadSeconds, 0.001),
        acknowledgedOpsPerSecond: operationsOk / Math.max(loadSeconds, 0.001),
        operations: recorder.keys.size,
        overdrawAttempts: 0,
        duplicates: { concurrent: recorder.concurrentDuplicates, later: recorder.laterDuplicates },
        reads,
        failedReads: 0,
        minBalanceSeenCents: null,
        ledger,
        extra: {
          'budget actions: ok / nothing changed / refused': Object.entries(byKind)
            .filter(([kind]) => BUDGET_KINDS.has(kind as OpKind))
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([kind, t]) => `${kind} ${t.ok}/${t.nothing}/${t.refused}`)
            .join(' '),
          'budget log rows (acknowledged actions)': `${lastFigures.logRows ?? 0} (${lastFigures.acknowledgedActions ?? 0})`,
          'budget checkpoints (months each)': `${checkpointsDone} + end (${world.checked.length})`,
          'requests by member @ instance': [...client.routed.entries()]
            .map(([route, n]) => `${route}: ${n}`)
            .join(', '),
        },
      },
      checks: resultChecks,
      violations: resultChecks
        .filter((c) => !c.ok)
        .map((c) => `(${c.id}) ${c.title}: ${c.details.join('; ')}`),
      notes: servers.map((server) => `Server log: ${server.logPath}`),
    };
  } finally {
    for (const server of servers) await server.stop();
    client?.close();
    for (const { api } of instances) api.close();
    await sql.end();
    await database.drop();
  }
}
