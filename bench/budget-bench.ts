/**
 * The budget part of `npm run bench` (issue 25, docs/budgets.md#speed): the month grid
 * (GET /api/budget?month=) and the explain view (a category's, and To assign's) on a book of
 * 100,000 entries over 24 months, 100 spending categories and 24 months of budget history
 * (assignments to most categories every month, moves, covers, holds, rollover rules, some of them
 * undone). Seeds its own book on a fresh database, in bulk SQL; the ledger's statement triggers
 * mark the months, and the first read after seeding sums them (measured apart: "cold first
 * read"); then, after checking the figures against the ledger and one warm-up read, the steady
 * state for one client and at 32 connections. Alone: `BENCH_ONLY=budget npm run bench`
 * (`BENCH_BUDGET_SECONDS`, default 5, per measurement).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import postgres from 'postgres';
import { measure, type LoadFigures, type LoadRequest } from './load.js';
import { percentile } from './stats.js';
import { signInWithNewKey, type Session } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDatabase,
  freePort,
} from '../tests/reliability/server-process.js';

/** Issue 25: one client's p99 for the month grid and the explain view. */
export const BUDGET_TARGETS = { p99Ms: 20 };

const ENTRIES = 100_000;
const MONTHS = 24;
const GROUPS = 10;
const CATEGORIES_PER_GROUP = 10;
/** Transfers (two legs each, counted in ENTRIES): checking to savings, and to the loan. */
const TRANSFERS = 1_000;
/** Expenses split into two lines (counted in ENTRIES). */
const SPLITS = 1_000;

export interface BudgetBook extends Session {
  bookId: string;
  /** 'YYYY-MM' of the 24 months, oldest first; the last one is measured. */
  months: string[];
  /** The category whose available amount the explain view is measured on. */
  categoryId: string;
  entries: number;
  actions: Record<string, string | number>;
  /** Marks (account, month) the ledger's statements left for the first read. */
  marks: number;
}

interface BudgetMonthData {
  toAssign: number;
  toAssignParts: { heldForNextMonth: number };
  categories: { categoryId: string; available: number; activity: number }[];
  cards: { available: number; uncoveredSpending: number }[];
}

interface ExplainData {
  available: number;
  carriedIn: { amount: number };
  parts: { amount: number }[];
  entries: { total: number; count: number; shown: unknown[] };
}

const cents = (units: number) => BigInt(Math.round(units * 100));

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/**
 * A person with a checking account, a card, savings (on budget) and a loan (tracking only); the
 * book's default categories replaced by 10 spending groups of 10 categories and an income group;
 * `ENTRIES` entries over the last 24 months (income, spending in every category, refunds,
 * uncategorised ones, split ones, transfers within the budget, payments to the card and to the
 * loan); and the budget's log of those 24 months. Card payment envelopes are on
 * (docs/budgets.md#credit-cards), so every read computes the card's envelope too. All in bulk
 * SQL, but the sign-in, the accounts and the setting.
 */
export async function seedBudgetBook(baseUrl: string, databaseUrl: string): Promise<BudgetBook> {
  const api = new ApiClient(baseUrl, 30_000);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const session = await signInWithNewKey(api, 'bench-budget@example.test');
    for (const [title, type] of [
      ['Checking', 'checking'],
      ['Card', 'credit-card'],
      ['Savings', 'savings'],
      ['Mortgage', 'loan'],
    ] as const) {
      const created = await api.request('POST', '/api/account', {
        token: session.token,
        body: { title, type },
      });
      if (!dataOf<{ id: string }>(created)?.id) throw new Error(`account: ${created.bodyText}`);
    }
    const envelopes = await api.request('PUT', '/api/budget/settings', {
      token: session.token,
      idempotencyKey: randomUUID(),
      body: { cardEnvelopes: true },
    });
    if (!dataOf(envelopes)) throw new Error(`card envelopes: ${envelopes.bodyText}`);
    const [book] = await sql<{ id: string }[]>`
      SELECT id FROM books WHERE personal_owner_id = ${session.userId}`;
    if (!book) throw new Error('The budget user has no book');
    const bookId = book.id;
    const [start] = await sql<{ first: string }[]>`
      SELECT (date_trunc('month', current_date) - make_interval(months => ${MONTHS - 1}))::date::text
        AS first`;
    if (!start) throw new Error('No first month');
    const { first } = start;

    await sql.begin(async (trx) => {
      await trx`UPDATE accounts SET credit_limit_cents = 100000000000 WHERE book_id = ${bookId}`;
      // 100 spending categories in 10 groups, and two income ones; the defaults go.
      await trx`DELETE FROM category_groups WHERE book_id = ${bookId}`;
      await trx`
        INSERT INTO category_groups (book_id, name, kind, position)
        SELECT ${bookId}::uuid, 'Spending ' || g, 'spending', g FROM generate_series(1, ${GROUPS}) AS g
        UNION ALL SELECT ${bookId}::uuid, 'Income', 'income', 0`;
      await trx`
        INSERT INTO categories (book_id, group_id, name, icon, color, position)
        SELECT ${bookId}::uuid, g.id, 'Category ' || ((g.position - 1) * ${CATEGORIES_PER_GROUP} + c),
               'tag', '#336699', c
        FROM category_groups g, generate_series(1, ${CATEGORIES_PER_GROUP}) AS c
        WHERE g.book_id = ${bookId} AND g.kind = 'spending'`;
      await trx`
        INSERT INTO categories (book_id, group_id, name, icon, color, position)
        SELECT ${bookId}::uuid, g.id, n, 'tag', '#339966', p
        FROM category_groups g, (VALUES ('Salary', 1), ('Other income', 2)) AS v (n, p)
        WHERE g.book_id = ${bookId} AND g.kind = 'income'`;

      // The ledger, oldest first, spread evenly over the 24 months up to today. Per 100 entries:
      // 8 salaries, 1 uncategorised deposit, 1 refund, 1 uncategorised expense, the rest
      // spending on checking (2 in 3) or the card, each in one of the 100 categories.
      const single = ENTRIES - 2 * TRANSFERS;
      // 89 in 100 of them are categorised expenses: every splitStep-th of those is split.
      const splitStep = Math.floor((single * 0.89) / SPLITS);
      await trx`
        WITH acc AS (
          SELECT (array_agg(id ORDER BY created_at))[1] AS checking,
                 (array_agg(id ORDER BY created_at))[2] AS card
          FROM accounts WHERE book_id = ${bookId}
        ), spend AS (
          SELECT array_agg(c.id ORDER BY g.position, c.position) AS ids
          FROM categories c JOIN category_groups g ON g.id = c.group_id
          WHERE c.book_id = ${bookId} AND g.kind = 'spending'
        ), income AS (
          SELECT array_agg(c.id ORDER BY c.position) AS ids
          FROM categories c JOIN category_groups g ON g.id = c.group_id
          WHERE c.book_id = ${bookId} AND g.kind = 'income'
        ), span AS (SELECT current_date - ${first}::date + 1 AS days)
        INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
          description, occurred_on, category_id, payee)
        SELECT ${bookId}::uuid, ${session.userId},
          CASE WHEN i % 100 < 12 OR i % 3 <> 0 THEN acc.checking ELSE acc.card END,
          CASE WHEN i % 100 < 10 THEN 'deposit' ELSE 'expense' END,
          CASE WHEN i % 100 < 8 THEN 250000 + (i * 7919) % 100000
               WHEN i % 100 < 10 THEN 1000 + (i * 31) % 5000
               ELSE 100 + (i::bigint * 104729) % 4000 END,
          'Budget bench ' || i,
          ${first}::date + ((i::bigint * span.days) / ${single})::int,
          CASE WHEN i % 100 < 8 THEN income.ids[1 + i % 2]
               WHEN i % 100 IN (8, 10) THEN NULL
               ELSE spend.ids[1 + (i * 37) % cardinality(spend.ids)] END,
          'Payee ' || (i % 50)
        FROM generate_series(0, ${single - 1}) AS i, acc, spend, income, span`;
      // Every 1/SPLITS-th expense split in two lines, in two categories.
      await trx`
        WITH spend AS (
          SELECT array_agg(c.id ORDER BY g.position, c.position) AS ids
          FROM categories c JOIN category_groups g ON g.id = c.group_id
          WHERE c.book_id = ${bookId} AND g.kind = 'spending'
        ), picked AS (
          SELECT id, amount_cents, row_number() OVER (ORDER BY seq) AS n FROM transactions
          WHERE book_id = ${bookId} AND transaction_type = 'expense' AND category_id IS NOT NULL
        )
        INSERT INTO entry_splits (book_id, entry_id, position, category_id, amount_cents)
        SELECT ${bookId}::uuid, p.id, line,
          spend.ids[1 + (p.n::int * 7 + line * 13) % cardinality(spend.ids)],
          CASE WHEN line = 1 THEN p.amount_cents / 2 ELSE p.amount_cents - p.amount_cents / 2 END
        FROM picked p, spend, generate_series(1, 2) AS line
        WHERE p.n % ${splitStep} = 0 AND p.n <= ${splitStep * SPLITS}`;
      await trx`
        UPDATE transactions t SET category_id = NULL
        WHERE t.book_id = ${bookId} AND EXISTS (SELECT 1 FROM entry_splits l WHERE l.entry_id = t.id)`;
      // Transfers from checking: half to savings (they cancel in To assign), one in four a
      // payment to the card (from its envelope), the rest a payment to the mortgage, a tracking
      // account (it leaves To assign).
      await trx`
        WITH acc AS (
          SELECT (array_agg(id ORDER BY created_at))[1] AS checking,
                 (array_agg(id ORDER BY created_at))[2] AS card,
                 (array_agg(id ORDER BY created_at))[3] AS savings,
                 (array_agg(id ORDER BY created_at))[4] AS loan
          FROM accounts WHERE book_id = ${bookId}
        ), span AS (SELECT current_date - ${first}::date + 1 AS days),
        pairs AS MATERIALIZED (
          SELECT j, gen_random_uuid() AS transfer_id,
            ${first}::date + ((j::bigint * span.days) / ${TRANSFERS})::int AS day,
            20000 + (j * 61) % 30000 AS amount
          FROM generate_series(0, ${TRANSFERS - 1}) AS j, span
        )
        INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
          description, occurred_on, transfer_id)
        SELECT ${bookId}::uuid, ${session.userId},
          CASE WHEN leg = 'transfer_out' THEN acc.checking
               WHEN p.j % 4 = 3 THEN acc.loan WHEN p.j % 4 = 2 THEN acc.card
               ELSE acc.savings END,
          leg, p.amount, 'Transfer ' || p.j, p.day, p.transfer_id
        FROM pairs p, acc, (VALUES ('transfer_out'), ('transfer_in')) AS legs (leg)
        ORDER BY p.j, leg DESC`;
      await trx`
        UPDATE accounts a SET balance_cents = coalesce((SELECT sum(CASE WHEN t.transaction_type
          IN ('deposit', 'transfer_in') THEN t.amount_cents ELSE -t.amount_cents END)
          FROM transactions t WHERE t.account_id = a.id AND t.deleted_at IS NULL), 0)
        WHERE a.book_id = ${bookId}`;

      // The budget's log, month by month, in the order a person would write it: assignments
      // to 90 of the 100 categories, moves between categories and from To assign, covers, a
      // hold every third month, and rollover rules now and then.
      await trx`
        WITH spend AS (
          SELECT array_agg(c.id ORDER BY g.position, c.position) AS ids
          FROM categories c JOIN category_groups g ON g.id = c.group_id
          WHERE c.book_id = ${bookId} AND g.kind = 'spending'
        ), log AS (
          SELECT m, 1 AS step, c AS k, 'assign' AS kind, spend.ids[c] AS category_id,
            NULL::uuid AS from_category_id, 80000 + ((c * 31 + m * 17) % 40) * 1000 AS amount,
            NULL AS rollover, NULL::bigint AS cap
          FROM generate_series(0, ${MONTHS - 1}) AS m, generate_series(1, 100) AS c, spend
          WHERE (c + m) % 10 <> 0
          UNION ALL
          SELECT m, 2, k, 'move', spend.ids[1 + (k * 7 + m) % 100],
            CASE WHEN k % 4 = 0 THEN NULL ELSE spend.ids[1 + (k * 11 + m * 3 + 50) % 100] END,
            5000 + k * 100, NULL, NULL
          FROM generate_series(0, ${MONTHS - 1}) AS m, generate_series(1, 25) AS k, spend
          WHERE k % 4 = 0 OR (k * 7 + m) % 100 <> (k * 11 + m * 3 + 50) % 100
          UNION ALL
          SELECT m, 3, k, 'cover', spend.ids[1 + (k * 13 + m * 5) % 100],
            CASE WHEN k % 2 = 0 THEN NULL ELSE spend.ids[1 + (k * 17 + m + 30) % 100] END,
            3000 + k * 250, NULL, NULL
          FROM generate_series(0, ${MONTHS - 1}) AS m, generate_series(1, 10) AS k, spend
          WHERE k % 2 = 0 OR (k * 13 + m * 5) % 100 <> (k * 17 + m + 30) % 100
          UNION ALL
          SELECT m, 4, 0, 'hold', NULL, NULL, 100000 * (1 + m % 2), NULL, NULL
          FROM generate_series(0, ${MONTHS - 1}) AS m WHERE m % 3 = 0
          UNION ALL
          SELECT m, 5, k, 'rollover', spend.ids[1 + (k * 19 + m) % 100], NULL, 0,
            (ARRAY['both', 'none', 'capped', 'surplus'])[1 + k % 4],
            CASE WHEN k % 4 = 2 THEN 50000 END
          FROM generate_series(0, ${MONTHS - 1}) AS m, generate_series(1, 4) AS k, spend
          WHERE m % 2 = 0
        )
        INSERT INTO budget_actions (book_id, actor_id, month, kind, category_id, from_category_id,
          amount_cents, rollover, rollover_cap_cents, created_at)
        SELECT ${bookId}::uuid, ${session.userId},
          (${first}::date + make_interval(months => m))::date, kind, category_id,
          from_category_id, amount, rollover, cap,
          ${first}::date + make_interval(months => m, mins => step * 1000 + k)
        FROM log ORDER BY m, step, k`;
      // One money action in 20 and one rule in 10 undone (an undo row, the action stops
      // counting), as the service writes them; one undo in 4 undone again (it counts again).
      await trx`
        WITH targets AS (
          SELECT id, month, category_id, from_category_id, amount_cents, created_at
          FROM budget_actions
          WHERE book_id = ${bookId} AND ((kind <> 'rollover' AND seq % 20 = 7)
                                         OR (kind = 'rollover' AND seq % 10 = 3))
        ), undos AS (
          INSERT INTO budget_actions (book_id, actor_id, month, kind, category_id,
            from_category_id, amount_cents, undoes_id, created_at)
          SELECT ${bookId}::uuid, ${session.userId}, month, 'undo', category_id, from_category_id,
            -amount_cents, id, created_at + interval '1 minute'
          FROM targets ORDER BY created_at
          RETURNING id, undoes_id
        )
        UPDATE budget_actions a SET counts = false, undone_by_id = u.id
        FROM undos u WHERE a.id = u.undoes_id`;
      await trx`
        WITH targets AS (
          SELECT u.id, u.month, u.category_id, u.from_category_id, u.amount_cents, u.undoes_id,
            u.created_at
          FROM budget_actions u
          WHERE u.book_id = ${bookId} AND u.kind = 'undo' AND u.seq % 4 = 1
        ), redos AS (
          INSERT INTO budget_actions (book_id, actor_id, month, kind, category_id,
            from_category_id, amount_cents, undoes_id, created_at)
          SELECT ${bookId}::uuid, ${session.userId}, month, 'undo', category_id, from_category_id,
            -amount_cents, id, created_at + interval '1 minute'
          FROM targets ORDER BY created_at
          RETURNING id, undoes_id
        ), marked AS (
          UPDATE budget_actions a SET undone_by_id = r.id FROM redos r WHERE a.id = r.undoes_id
          RETURNING a.undoes_id AS root
        )
        UPDATE budget_actions a SET counts = true FROM marked m WHERE a.id = m.root`;
    });
    // As autovacuum would: statistics for the planner.
    await sql`VACUUM ANALYZE`;

    const [counts] = await sql<{ entries: number; marks: number }[]>`
      SELECT (SELECT count(*)::int FROM transactions WHERE book_id = ${bookId}) AS entries,
             (SELECT count(*)::int FROM budget_dirty WHERE book_id = ${bookId}) AS marks`;
    const kinds = await sql<{ kind: string; n: number; undone: number }[]>`
      SELECT kind, count(*)::int AS n, count(*) FILTER (WHERE NOT counts)::int AS undone
      FROM budget_actions WHERE book_id = ${bookId} GROUP BY kind ORDER BY kind`;
    // The explained category: the one the log touches most (moves, covers and a rule included).
    const [busiest] = await sql<{ id: string }[]>`
      SELECT c.id FROM categories c
      JOIN budget_actions a ON a.category_id = c.id OR a.from_category_id = c.id
      WHERE c.book_id = ${bookId}
      GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`;
    if (!counts || !busiest) throw new Error('The budget book was not seeded');
    const monthsList = await sql<{ month: string }[]>`
      SELECT to_char(${first}::date + make_interval(months => m), 'YYYY-MM') AS month
      FROM generate_series(0, ${MONTHS - 1}) AS m ORDER BY m`;
    return {
      ...session,
      bookId,
      months: monthsList.map((row) => row.month),
      categoryId: busiest.id,
      entries: counts.entries,
      actions: Object.fromEntries(
        kinds.map((k) => [k.kind, k.undone > 0 ? `${k.n} (${k.undone} undone)` : k.n]),
      ),
      marks: counts.marks,
    };
  } finally {
    api.close();
    await sql.end();
  }
}

/**
 * What must hold before anything is measured: no mark left, budget_activity equal to the ledger
 * (per account and month), the envelope identity in every month (tests/helpers/budget-invariants.ts
 * over REST and SQL), and the explained figures adding up. Answers the problems found.
 */
export async function checkBudgetBook(
  baseUrl: string,
  databaseUrl: string,
  book: BudgetBook,
): Promise<string[]> {
  const problems: string[] = [];
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const api = new ApiClient(baseUrl, 30_000);
  try {
    const [left] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM budget_dirty WHERE book_id = ${book.bookId}`;
    if (left?.n !== 0) problems.push(`${left?.n} marks left in budget_dirty after a read`);
    const drift = await sql<{ account_id: string; month: string; kept: string; ledger: string }[]>`
      WITH kept AS (
        SELECT account_id, month, sum(base_cents) AS cents FROM budget_activity
        WHERE book_id = ${book.bookId} GROUP BY account_id, month
      ), ledger AS (
        SELECT account_id, date_trunc('month', occurred_on)::date AS month,
          sum(CASE WHEN transaction_type IN ('deposit', 'transfer_in') THEN amount_cents
                   ELSE -amount_cents END) AS cents
        FROM transactions WHERE book_id = ${book.bookId} AND deleted_at IS NULL
        GROUP BY 1, 2
      )
      SELECT coalesce(k.account_id, l.account_id) AS account_id,
        coalesce(k.month, l.month)::text AS month, k.cents::text AS kept, l.cents::text AS ledger
      FROM kept k FULL JOIN ledger l ON l.account_id = k.account_id AND l.month = k.month
      WHERE k.cents IS DISTINCT FROM l.cents`;
    for (const d of drift.slice(0, 5)) {
      problems.push(
        `budget_activity of ${d.account_id} in ${d.month}: ${d.kept} cents, the ledger ${d.ledger}`,
      );
    }
    for (const month of book.months) {
      const answer = await api.request('GET', `/api/budget?month=${month}`, { token: book.token });
      const data = dataOf<BudgetMonthData>(answer);
      if (!data) {
        problems.push(`GET /api/budget?month=${month}: ${answer.status} ${answer.bodyText}`);
        continue;
      }
      let budgeted = cents(data.toAssign) - cents(data.toAssignParts.heldForNextMonth);
      for (const category of data.categories) budgeted += cents(category.available);
      for (const card of data.cards) {
        budgeted += cents(card.available) + cents(card.uncoveredSpending);
      }
      // Card envelopes are on: the cash accounts only (the card's debt is in its envelope).
      const [row] = await sql<{ cash: string | null }[]>`
        SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN t.amount_cents
                        ELSE -t.amount_cents END)::text AS cash
        FROM transactions t JOIN accounts a ON a.id = t.account_id
        WHERE t.book_id = ${book.bookId} AND t.deleted_at IS NULL AND a.deleted_at IS NULL
          AND a.on_budget AND a.account_type <> 'credit-card'
          AND t.occurred_on < (${`${month}-01`}::date + interval '1 month')::date`;
      const cash = BigInt(row?.cash ?? 0);
      if (cash !== budgeted) {
        problems.push(`${month}: budget holds ${budgeted} cents, the on-budget accounts ${cash}`);
      }
    }
    const month = book.months[book.months.length - 1] ?? '';
    for (const query of [`&categoryId=${book.categoryId}`, '']) {
      const path = `/api/budget/explain?month=${month}${query}`;
      const data = dataOf<ExplainData>(await api.request('GET', path, { token: book.token }));
      if (!data) {
        problems.push(`GET ${path} failed`);
        continue;
      }
      const sum = data.parts.reduce((total, part) => total + cents(part.amount), 0n);
      if (cents(data.carriedIn.amount) + sum !== cents(data.available)) {
        problems.push(`${path}: carried in and the parts do not add up to ${data.available}`);
      }
      if (data.entries.count === 0) problems.push(`${path}: no entries behind the figure`);
    }
  } finally {
    api.close();
    await sql.end();
  }
  return problems;
}

/** CPU time (user + system) a process has used, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU one request costs the server and PostgreSQL (its backends on this database), from
 * `count` requests one after the other: unlike latencies, hardly changed by other work on the
 * machine, so a run on a busy machine still says what a view costs.
 */
async function cpuPerRequest(
  baseUrl: string,
  serverPid: number,
  sql: postgres.Sql,
  path: string,
  headers: Record<string, string>,
  count = 40,
): Promise<{ serverMs: number; postgresMs: number }> {
  const backends = (
    await sql<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`
  ).map((row) => row.pid);
  const server0 = cpuMs(serverPid);
  const postgres0 = backends.map(cpuMs);
  for (let i = 0; i < count; i += 1) {
    await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer();
  }
  const postgresMs = backends.reduce((sum, pid, i) => sum + cpuMs(pid) - (postgres0[i] ?? 0), 0);
  return { serverMs: (cpuMs(serverPid) - server0) / count, postgresMs: postgresMs / count };
}

/**
 * One client's month grid read right after an assignment, `count` times: every such read finds
 * the book's generation changed and reads the history again (docs/budgets.md#speed), as a person
 * sees the grid after each figure they type.
 */
async function gridAfterChange(
  baseUrl: string,
  book: BudgetBook,
  month: string,
  count = 60,
): Promise<{ p50Ms: number; p99Ms: number }> {
  const headers = bearer(book.token);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const assigned = await fetch(`${baseUrl}/api/budget/assign`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ month, categoryId: book.categoryId, assigned: 100 + (i % 7) }),
    });
    await assigned.arrayBuffer();
    if (!assigned.ok) throw new Error(`An assignment answered ${assigned.status}`);
    const began = performance.now();
    const read = await fetch(`${baseUrl}/api/budget?month=${month}`, { headers });
    await read.arrayBuffer();
    if (!read.ok) throw new Error(`The budget read answered ${read.status}`);
    times.push(performance.now() - began);
  }
  return { p50Ms: Math.round(percentile(times, 50)), p99Ms: Math.round(percentile(times, 99)) };
}

export interface BudgetFigures {
  book: BudgetBook;
  seedSeconds: number;
  coldFirstReadMs: number;
  /** The grid read right after an assignment: the history read again (a figure, not targeted). */
  afterChange: { p50Ms: number; p99Ms: number };
  views: {
    name: string;
    /** Judged against the target; false: measured as a figure only. */
    targeted: boolean;
    alone: LoadFigures;
    loaded: LoadFigures;
    cpu: { serverMs: number; postgresMs: number };
  }[];
  /** The machine's 1-minute load average when the measurements ended. */
  loadAverage: number;
  problems: string[];
}

/** Seeds the book on a fresh database, checks it, and measures the three views. */
async function benchBudget(
  baseDatabaseUrl: string,
  seconds: number,
  connections: number,
): Promise<BudgetFigures> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: 'bench-budget',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' },
  });
  try {
    await app.start();
    console.log('seeding: the budget book (100,000 entries, 24 months of budget history)');
    const seeding = performance.now();
    const book = await seedBudgetBook(app.url, database.url);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const month = book.months[book.months.length - 1] ?? '';
    const headers = bearer(book.token);
    // The first read after the seed sums every marked month (docs/budgets.md#speed).
    const cold = performance.now();
    const first = await fetch(`${app.url}/api/budget?month=${month}`, { headers });
    await first.arrayBuffer();
    const coldFirstReadMs = performance.now() - cold;
    if (!first.ok) throw new Error(`The first budget read answered ${first.status}`);
    const problems = await checkBudgetBook(app.url, database.url, book);
    // budget_activity was empty when the seed's ANALYZE ran, as autovacuum would see it now.
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    await sql`ANALYZE budget_activity`;

    const yearAgo = book.months[Math.max(0, book.months.length - 12)] ?? month;
    // The issue's target is on the grid and the explain view; plan against actual (the analytics
    // card, 12 months) is measured beside them as a figure.
    const views: [string, string, boolean][] = [
      ['month grid', `/api/budget?month=${month}`, true],
      [
        'explain a category',
        `/api/budget/explain?month=${month}&categoryId=${book.categoryId}`,
        true,
      ],
      ['explain To assign', `/api/budget/explain?month=${month}`, true],
      ['plan, 12 months', `/api/budget/plan?from=${yearAgo}&to=${month}`, false],
    ];
    const figures: BudgetFigures['views'] = [];
    for (const [name, path, targeted] of views) {
      console.log(`measuring: budget ${name}`);
      const request = (): LoadRequest => ({ method: 'GET', path, headers });
      const run = (n: number) =>
        measure({
          baseUrl: app.url,
          connections: n,
          seconds,
          warmupSeconds: 1,
          nextRequest: request,
        });
      // One warm-up read: the steady state is measured, the cold read stands apart.
      await (await fetch(`${app.url}${path}`, { headers })).arrayBuffer();
      const alone = await run(1);
      const loaded = await run(connections);
      const cpu = await cpuPerRequest(app.url, app.pid ?? 0, sql, path, headers);
      figures.push({ name, targeted, alone, loaded, cpu });
    }
    console.log('measuring: budget month grid right after an assignment');
    const afterChange = await gridAfterChange(app.url, book, month);
    await sql.end();
    const loadAverage = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    return {
      book,
      seedSeconds,
      coldFirstReadMs,
      afterChange,
      views: figures,
      problems,
      loadAverage,
    };
  } finally {
    await app.stop();
    await database.drop();
  }
}

/** Prints the budget figures with the target; false when it is missed or a figure is wrong. */
export function printBudgetReport(f: BudgetFigures, connections: number): boolean {
  const { book } = f;
  const actions = Object.entries(book.actions)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  console.log(
    `\nBudget on a book of ${book.entries.toLocaleString('en-US')} entries over ${book.months.length} months (${book.months[0]} to ${book.months[book.months.length - 1]}), 100 spending categories`,
  );
  console.log(`log: ${actions}; seeded in ${f.seedSeconds.toFixed(1)} s`);
  console.log(
    `cold first read after seeding (sums ${book.marks} marked account-months): ${f.coldFirstReadMs.toFixed(0)} ms`,
  );
  let ok = f.problems.length === 0;
  for (const problem of f.problems) console.log(`  !! ${problem}`);
  console.log(
    `${'view'.padEnd(20)} ${'1 client p50'.padStart(13)} ${'1 client p99'.padStart(13)} ${`${connections} conn req/s`.padStart(14)} ${`${connections} conn p99`.padStart(12)} ${'CPU/req server + pg'.padStart(20)}  target 1-client p99 <= ${BUDGET_TARGETS.p99Ms} ms`,
  );
  for (const v of f.views) {
    const failures = v.alone.failures + v.loaded.failures;
    const pass = (!v.targeted || v.alone.p99Ms <= BUDGET_TARGETS.p99Ms) && failures === 0;
    ok &&= pass;
    console.log(
      `${v.name.padEnd(20)} ${`${v.alone.p50Ms} ms`.padStart(13)} ${`${v.alone.p99Ms} ms`.padStart(13)} ${v.loaded.requestsPerSecond.toFixed(0).padStart(14)} ${`${v.loaded.p99Ms} ms`.padStart(12)} ${`${v.cpu.serverMs.toFixed(1)} + ${v.cpu.postgresMs.toFixed(1)} ms`.padStart(20)}  ${pass ? (v.targeted ? 'PASS' : 'figure') : 'FAIL'}${failures === 0 ? '' : ` (${failures} requests failed)`}`,
    );
  }
  console.log(
    `month grid right after an assignment (history read again), 1 client: p50 ${f.afterChange.p50Ms} ms, p99 ${f.afterChange.p99Ms} ms (figure)`,
  );
  console.log(
    `(1-minute load average at the end: ${f.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs; CPU per request from 40 requests one after the other)`,
  );
  return ok;
}

export async function runBudgetBench(baseDatabaseUrl: string, connections = 32): Promise<boolean> {
  const seconds = Number(process.env.BENCH_BUDGET_SECONDS ?? 5);
  return printBudgetReport(await benchBudget(baseDatabaseUrl, seconds, connections), connections);
}
