import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type {
  BudgetActionKind,
  BudgetSettings,
  RolloverRule,
} from '../../../shared/schemas/budget.js';

// The budget's tables (docs/budgets.md, docs/architecture.md#data-access): its log
// (budget_actions), and what the ledger puts in each category per account and month
// (budget_activity, kept up to date from the marks in budget_dirty). It reads the ledger, the
// accounts and the categories besides, read-only, as the analytics do.

/**
 * Brings the book's budget_activity up to date: the months the ledger's statements marked are
 * summed again from their entries and split lines, in one statement. Taking a mark deletes it, so
 * two readers never sum one month twice. Each writing transaction has a mark of its own per
 * account and month (its id in the key): this statement sees, and takes, only the marks of writes
 * its snapshot holds; a write that commits after it keeps its mark, and the next read sums it. A split entry's lines count in their own categories, and the entry's amount less its
 * lines (a conversion's rounding, nothing else) in none.
 */
export async function refreshBudgetActivity(db: DbOrTx, bookId: string): Promise<void> {
  await sql`
    WITH taken AS (
      DELETE FROM budget_dirty WHERE book_id = ${bookId}::uuid RETURNING account_id, month
    ),
    rule AS (
      SELECT budget_period_day AS start_day, budget_period_weekend AS weekend
      FROM books WHERE id = ${bookId}::uuid
    ),
    -- A mark names a calendar month; its entries count in every budget period that overlaps it
    -- (docs/budgets.md#budget-periods). One mark per writing transaction
    -- (migrations/20261212000000): each period summed once.
    marked AS (
      SELECT DISTINCT c.account_id, p.month::date AS month,
        budget_period_start(p.month::date, r.start_day, r.weekend) AS starts,
        budget_period_start((p.month + interval '1 month')::date, r.start_day, r.weekend) AS ends
      FROM (SELECT DISTINCT account_id, month FROM taken) c
      CROSS JOIN rule r
      CROSS JOIN LATERAL generate_series(
        budget_period_of(c.month, r.start_day, r.weekend),
        budget_period_of((c.month + interval '1 month' - interval '1 day')::date, r.start_day,
          r.weekend),
        interval '1 month') AS p (month)
    ),
    cleared AS (
      DELETE FROM budget_activity a USING marked m
      WHERE a.account_id = m.account_id AND a.month = m.month
    ),
    entries AS (
      SELECT t.id, t.account_id, m.month, t.category_id,
        -- A transfer's other leg: a payment to a card is told from income by it.
        (SELECT o.account_id FROM transactions o
          WHERE t.transfer_id IS NOT NULL AND o.transfer_id = t.transfer_id AND o.id <> t.id
          LIMIT 1) AS counter_account_id,
        CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN 1 ELSE -1 END AS sign,
        t.amount_cents,
        CASE WHEN a.currency = b.base_currency THEN t.amount_cents
             WHEN t.base_recorded THEN t.base_amount END AS base_cents,
        a.currency = b.base_currency AS same_currency
      FROM marked m
      JOIN accounts a ON a.id = m.account_id
      JOIN books b ON b.id = a.book_id
      JOIN transactions t ON t.account_id = m.account_id
        AND t.occurred_on >= m.starts AND t.occurred_on < m.ends
        AND t.deleted_at IS NULL
    ),
    flows AS (
      SELECT account_id, month, category_id, counter_account_id, sign * amount_cents AS amount_cents,
        sign * base_cents AS base_cents
      FROM entries
      UNION ALL
      SELECT e.account_id, e.month, l.category_id, NULL::uuid, e.sign * l.amount_cents,
        e.sign * CASE WHEN e.same_currency THEN l.amount_cents
                      WHEN l.base_recorded THEN l.base_amount END
      FROM entries e JOIN entry_splits l ON l.entry_id = e.id
      UNION ALL
      SELECT e.account_id, e.month, NULL, NULL::uuid, -e.sign * l.amount_cents,
        -e.sign * CASE WHEN e.same_currency THEN l.amount_cents
                       WHEN l.base_recorded THEN l.base_amount END
      FROM entries e JOIN entry_splits l ON l.entry_id = e.id
    )
    INSERT INTO budget_activity (book_id, account_id, month, category_id, counter_account_id,
      amount_cents, base_cents, unconverted)
    SELECT ${bookId}::uuid, account_id, month, category_id, counter_account_id, sum(amount_cents),
      coalesce(sum(base_cents), 0), count(*) FILTER (WHERE base_cents IS NULL)
    FROM flows
    GROUP BY account_id, month, category_id, counter_account_id`.execute(db);
}

/** Whether the ledger marked any month of the book since its sums were last brought up to date. */
export async function hasBudgetMarks(db: DbOrTx, bookId: string): Promise<boolean> {
  const result = await sql<{ marked: boolean }>`
    SELECT EXISTS (SELECT 1 FROM budget_dirty WHERE book_id = ${bookId}::uuid) AS marked`.execute(
    db,
  );
  return result.rows[0]?.marked === true;
}

/**
 * The book's budget generation: a token that changes with every change to what the months are
 * computed from (migrations/20261214000000); null until the first such change.
 */
export async function readBudgetGeneration(db: DbOrTx, bookId: string): Promise<string | null> {
  const row = await db
    .selectFrom('budget_generations')
    .select('token')
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return row?.token ?? null;
}

/** Up to `limit` books with marks (for the sweep of books whose budget nobody reads). */
export async function booksWithMarks(db: DbOrTx, limit: number): Promise<string[]> {
  const result = await sql<{ book_id: string }>`
    SELECT DISTINCT book_id FROM budget_dirty LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => row.book_id);
}

/** Holds, until the transaction ends, the right to bring the book's sums up to date. */
export async function lockBudgetRefresh(db: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`budget-refresh:${bookId}`}, 0))`.execute(
    db,
  );
}

/** A card whose spending and payments move money in its envelope (a and b: account, book). */
const LIVE_CARD = sql`(b.card_envelopes AND a.account_type = 'credit-card' AND a.on_budget
  AND a.deleted_at IS NULL)`;

export interface FlowRow {
  month: string;
  category_id: string | null;
  spending: boolean;
  /** The account when it is a live card (docs/budgets.md#credit-cards), else null. */
  card_id: string | null;
  /** A transfer leg's other account when that is a live card. */
  counter_card_id: string | null;
  /**
   * Whether this is a live card's transfer leg whose other account is live, on budget and not a
   * card (a payment); false on every other account.
   */
  counter_cash: boolean;
  base_cents: string | number;
  unconverted: string | number;
}

/**
 * What the book's live on-budget accounts put in each category per month, every month, in the
 * base currency; `spending` says whether the category is a spending one (the rest count in To
 * assign), and the card columns what the payment envelopes need (docs/budgets.md#credit-cards).
 */
export async function readBudgetFlows(
  db: DbOrTx,
  bookId: string,
  liveCards: readonly string[],
): Promise<FlowRow[]> {
  // Summed first, then classified against the book's spending categories (an InitPlan read
  // once): the few hundred rows of a month go through no join. Only a live card's rows, and the
  // cash side of a transfer with one, are kept apart; without live cards the rows are one per
  // month and category, and the statement is as cheap as before card envelopes.
  const onBudget = sql`ba.book_id = ${bookId}::uuid
    AND ba.account_id IN (SELECT a.id FROM accounts a
      WHERE a.book_id = ${bookId}::uuid AND a.on_budget AND a.deleted_at IS NULL)`;
  const cards = sql`${`{${liveCards.join(',')}}`}::uuid[]`;
  const summed =
    liveCards.length === 0
      ? sql`
      SELECT ba.month, ba.category_id, NULL::uuid AS card_id, NULL::uuid AS counter_card_id,
        false AS counter_cash, sum(ba.base_cents) AS base_cents, sum(ba.unconverted) AS unconverted
      FROM budget_activity ba
      WHERE ${onBudget}
      GROUP BY ba.month, ba.category_id`
      : sql`
      SELECT ba.month, ba.category_id,
        CASE WHEN ba.account_id = ANY (${cards}) THEN ba.account_id END AS card_id,
        CASE WHEN ba.counter_account_id = ANY (${cards}) THEN ba.counter_account_id END
          AS counter_card_id,
        (ba.account_id = ANY (${cards}) AND o.id IS NOT NULL) AS counter_cash,
        sum(ba.base_cents) AS base_cents, sum(ba.unconverted) AS unconverted
      FROM budget_activity ba
      LEFT JOIN accounts o ON o.id = ba.counter_account_id AND o.on_budget
        AND o.deleted_at IS NULL AND o.account_type <> 'credit-card'
      WHERE ${onBudget}
      GROUP BY 1, 2, 3, 4, 5`;
  const result = await sql<FlowRow>`
    SELECT f.month, f.category_id,
      coalesce(f.category_id = ANY (ARRAY(
        SELECT c.id FROM categories c JOIN category_groups g ON g.id = c.group_id
        WHERE c.book_id = ${bookId}::uuid AND g.kind = 'spending')), false) AS spending,
      f.card_id, f.counter_card_id, f.counter_cash, f.base_cents, f.unconverted
    FROM (${summed}) f`.execute(db);
  return result.rows;
}

export interface MoveRow {
  month: string;
  kind: 'assign' | 'move' | 'cover' | 'hold';
  /** A category, or a card's payment envelope (the card's account id). */
  category_id: string | null;
  from_category_id: string | null;
  to_card: boolean;
  from_card: boolean;
  cents: string | number;
}

/** The money of the log's counted actions, summed per month and place. */
export async function readBudgetMoves(db: DbOrTx, bookId: string): Promise<MoveRow[]> {
  const result = await sql<MoveRow>`
    SELECT month, kind, coalesce(category_id, card_id) AS category_id,
      coalesce(from_category_id, from_card_id) AS from_category_id,
      card_id IS NOT NULL AS to_card, from_card_id IS NOT NULL AS from_card,
      sum(amount_cents) AS cents
    FROM budget_actions
    WHERE book_id = ${bookId}::uuid AND counts AND kind IN ('assign', 'move', 'cover', 'hold')
    GROUP BY month, kind, category_id, card_id, from_category_id, from_card_id`.execute(db);
  return result.rows;
}

export interface RuleRowRecord {
  seq: string | number;
  month: string;
  category_id: string;
  rollover: RolloverRule;
  rollover_cap_cents: string | number | null;
}

/** Every counted rollover rule of the book, oldest first. */
export async function readRolloverRules(db: DbOrTx, bookId: string): Promise<RuleRowRecord[]> {
  const result = await sql<RuleRowRecord>`
    SELECT seq, month, category_id, rollover, rollover_cap_cents
    FROM budget_actions
    WHERE book_id = ${bookId}::uuid AND counts AND kind = 'rollover'
    ORDER BY seq`.execute(db);
  return result.rows;
}

export interface BudgetCategoryRow {
  id: string;
  name: string;
  group_id: string;
  group_name: string;
  archived: boolean;
  spending: boolean;
}

/** The book's categories in their order, with their group and whether they are spending ones. */
export async function readBudgetCategories(
  db: DbOrTx,
  bookId: string,
): Promise<BudgetCategoryRow[]> {
  const result = await sql<BudgetCategoryRow>`
    SELECT c.id, c.name, g.id AS group_id, g.name AS group_name,
      (c.archived_at IS NOT NULL OR g.archived_at IS NOT NULL) AS archived,
      g.kind = 'spending' AS spending
    FROM categories c JOIN category_groups g ON g.id = c.group_id
    WHERE c.book_id = ${bookId}::uuid
    ORDER BY g.position, g.created_at, c.position, c.created_at`.execute(db);
  return result.rows;
}

/**
 * Holds, until the transaction ends, the right to write the book's budget: an assignment sets a
 * figure from what the log holds, so two of them must not read the same sum.
 */
export async function lockBudget(db: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`budget:${bookId}`}, 0))`.execute(db);
}

/** The net amount the counted actions of `month` put in a category (null: the held amount). */
export async function readAssignedNet(
  db: DbOrTx,
  bookId: string,
  month: string,
  categoryId: string | null,
): Promise<bigint> {
  const result =
    categoryId === null
      ? await sql<{ cents: string | number | null }>`
          SELECT sum(amount_cents) AS cents FROM budget_actions
          WHERE book_id = ${bookId}::uuid AND month = ${month}::date AND counts AND kind = 'hold'`.execute(
          db,
        )
      : await sql<{ cents: string | number | null }>`
          SELECT sum(CASE WHEN coalesce(category_id, card_id) = ${categoryId}::uuid
                          THEN amount_cents ELSE -amount_cents END) AS cents
          FROM budget_actions
          WHERE book_id = ${bookId}::uuid AND month = ${month}::date AND counts
            AND kind IN ('assign', 'move', 'cover')
            AND (coalesce(category_id, card_id) = ${categoryId}::uuid
              OR coalesce(from_category_id, from_card_id) = ${categoryId}::uuid)`.execute(db);
  return BigInt(result.rows[0]?.cents ?? 0);
}

export interface NewAction {
  bookId: string;
  actorId: string;
  month: string;
  kind: BudgetActionKind;
  categoryId: string | null;
  fromCategoryId: string | null;
  cents: bigint;
  rollover?: RolloverRule | undefined;
  capCents?: bigint | null | undefined;
  undoesId?: string | undefined;
}

export interface ActionRow {
  id: string;
  seq: string | number;
  kind: BudgetActionKind;
  month: string;
  category_id: string | null;
  from_category_id: string | null;
  amount_cents: string | number;
  rollover: RolloverRule | null;
  rollover_cap_cents: string | number | null;
  undoes_id: string | null;
  undone_by_id: string | null;
  counts: boolean;
  actor_id: string | null;
  email: string | null;
  created_at: Date;
}

// A card's payment envelope is a place as a category is: its account id stands where a
// category's id would (docs/budgets.md#credit-cards).
const ACTION_COLUMNS = sql`a.id, a.seq, a.kind, a.month, coalesce(a.category_id, a.card_id) AS category_id,
  coalesce(a.from_category_id, a.from_card_id) AS from_category_id, a.amount_cents,
  a.rollover, a.rollover_cap_cents, a.undoes_id, a.undone_by_id, a.counts, a.actor_id, u.email,
  a.created_at`;

/**
 * Appends a row to the log and answers it as the history shows it. A place's id goes to the
 * category columns when it is one of the book's categories, else to the card columns (the
 * caller checked it is one or the other).
 */
export async function insertAction(db: DbOrTx, action: NewAction): Promise<ActionRow> {
  const category = (id: string | null) =>
    sql`(SELECT id FROM categories WHERE id = ${id}::uuid AND book_id = ${action.bookId}::uuid)`;
  const card = (id: string | null) =>
    sql`(SELECT id FROM accounts WHERE id = ${id}::uuid AND book_id = ${action.bookId}::uuid)`;
  const result = await sql<ActionRow>`
    WITH added AS (
      INSERT INTO budget_actions (book_id, actor_id, month, kind, category_id, card_id,
        from_category_id, from_card_id, amount_cents, rollover, rollover_cap_cents, undoes_id)
      VALUES (${action.bookId}::uuid, ${action.actorId}::uuid, ${action.month}::date, ${action.kind},
        ${category(action.categoryId)}, ${card(action.categoryId)},
        ${category(action.fromCategoryId)}, ${card(action.fromCategoryId)},
        ${action.cents.toString()}::bigint,
        ${action.rollover ?? null}, ${action.capCents?.toString() ?? null}::bigint,
        ${action.undoesId ?? null}::uuid)
      RETURNING *
    )
    SELECT ${ACTION_COLUMNS} FROM added a LEFT JOIN users u ON u.id = a.actor_id`.execute(db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('the budget action was not written');
  return row;
}

/** One row of the book's log, locked until the transaction ends; undefined when not the book's. */
export async function lockAction(
  db: DbOrTx,
  bookId: string,
  id: string,
): Promise<ActionRow | undefined> {
  const result = await sql<ActionRow>`
    SELECT ${ACTION_COLUMNS} FROM budget_actions a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.book_id = ${bookId}::uuid AND a.id = ${id}::uuid
    FOR UPDATE OF a`.execute(db);
  return result.rows[0];
}

/** Marks `id` undone by `undoneById`. */
export async function markUndone(db: DbOrTx, id: string, undoneById: string): Promise<void> {
  await sql`UPDATE budget_actions SET undone_by_id = ${undoneById}::uuid WHERE id = ${id}::uuid`.execute(
    db,
  );
}

/** Whether an action's money and rule count. */
export async function setCounts(db: DbOrTx, id: string, counts: boolean): Promise<void> {
  await sql`UPDATE budget_actions SET counts = ${counts} WHERE id = ${id}::uuid`.execute(db);
}

/** The book's log, newest first, optionally of one month; `limit` rows after `before`. */
export async function listActions(
  db: DbOrTx,
  bookId: string,
  page: { month?: string | undefined; before?: string | undefined; limit: number },
): Promise<ActionRow[]> {
  const result = await sql<ActionRow>`
    SELECT ${ACTION_COLUMNS} FROM budget_actions a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.book_id = ${bookId}::uuid
      ${page.month === undefined ? sql`` : sql`AND a.month = ${page.month}::date`}
      ${page.before === undefined ? sql`` : sql`AND a.seq < ${page.before}::bigint`}
    ORDER BY a.seq DESC
    LIMIT ${page.limit}`.execute(db);
  return result.rows;
}

/** The counted money actions of one month that touch a category (null: To assign), oldest first. */
export async function listMonthActions(
  db: DbOrTx,
  bookId: string,
  month: string,
  categoryId: string | null,
  limit: number,
): Promise<ActionRow[]> {
  const touches =
    categoryId === null
      ? sql`(a.kind = 'hold' OR ((coalesce(a.category_id, a.card_id) IS NULL)
          <> (coalesce(a.from_category_id, a.from_card_id) IS NULL)))`
      : sql`(coalesce(a.category_id, a.card_id) = ${categoryId}::uuid
          OR coalesce(a.from_category_id, a.from_card_id) = ${categoryId}::uuid)`;
  const result = await sql<ActionRow>`
    SELECT ${ACTION_COLUMNS} FROM budget_actions a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.book_id = ${bookId}::uuid AND a.month = ${month}::date AND a.counts
      AND a.kind IN ('assign', 'move', 'cover', 'hold') AND ${touches}
    ORDER BY a.seq
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

export interface ExplainEntryRow {
  id: string;
  occurred_on: string;
  description: string;
  payee: string;
  account_id: string;
  base_cents: string | number | null;
  split: boolean;
}

/**
 * The entries (or split lines) of live on-budget accounts in `month` that count in a spending
 * category, or (null) in To assign, oldest first, at most `limit`; and how many there are.
 *
 * One statement (the count is a window over the same rows), and each half reads only what can
 * count: for a category, its own entries (transactions_book_category_date_idx) and its split
 * lines; for To assign, the month's entries without a spending category. A split entry has no
 * category of its own (docs/ledger.md#splits): its lines count, each in its own category.
 */
export async function listMonthEntries(
  db: DbOrTx,
  bookId: string,
  period: { start: string; end: string },
  categoryId: string | null,
  limit: number,
  liveCards: readonly string[] = [],
): Promise<{ rows: ExplainEntryRow[]; count: number }> {
  // With card envelopes, a live card's money without a spending category, and the cash side of
  // a payment to one, count in no To assign (docs/budgets.md#credit-cards).
  const cards = sql`${`{${liveCards.join(',')}}`}::uuid[]`;
  const outsideToAssign =
    categoryId === null && liveCards.length > 0
      ? sql`AND NOT t.account_id = ANY (${cards}) AND NOT EXISTS (
          SELECT 1 FROM transactions o WHERE t.transfer_id IS NOT NULL
            AND o.transfer_id = t.transfer_id AND o.id <> t.id AND o.account_id = ANY (${cards}))`
      : sql``;
  const notSpending = (column: ReturnType<typeof sql.ref>) => sql`(${column} IS NULL OR NOT EXISTS (
      SELECT 1 FROM categories c JOIN category_groups g ON g.id = c.group_id
      WHERE c.id = ${column} AND g.kind = 'spending'))`;
  const wholeCounts =
    categoryId === null
      ? notSpending(sql.ref('t.category_id'))
      : sql`t.category_id = ${categoryId}::uuid`;
  const lineCounts =
    categoryId === null
      ? notSpending(sql.ref('l.category_id'))
      : sql`l.category_id = ${categoryId}::uuid`;
  const inMonth = sql`t.book_id = ${bookId}::uuid AND t.deleted_at IS NULL
    AND t.occurred_on >= ${period.start}::date AND t.occurred_on <= ${period.end}::date`;
  const sign = sql`CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN 1 ELSE -1 END`;
  const result = await sql<ExplainEntryRow & { total: string | number }>`
    WITH counted AS (
      SELECT t.id, t.seq, 0 AS position, t.occurred_on, t.description, t.payee, t.account_id,
        ${sign} * CASE WHEN a.currency = b.base_currency THEN t.amount_cents
                       WHEN t.base_recorded THEN t.base_amount END AS base_cents,
        false AS split
      FROM transactions t
      JOIN accounts a ON a.id = t.account_id AND a.on_budget AND a.deleted_at IS NULL
      JOIN books b ON b.id = t.book_id
      WHERE ${inMonth} AND ${wholeCounts} ${outsideToAssign}
        AND NOT EXISTS (SELECT 1 FROM entry_splits s WHERE s.book_id = t.book_id AND s.entry_id = t.id)
      UNION ALL
      SELECT t.id, t.seq, l.position, t.occurred_on, t.description, t.payee, t.account_id,
        ${sign} * CASE WHEN a.currency = b.base_currency THEN l.amount_cents
                       WHEN l.base_recorded THEN l.base_amount END,
        true
      FROM transactions t
      JOIN accounts a ON a.id = t.account_id AND a.on_budget AND a.deleted_at IS NULL
      JOIN books b ON b.id = t.book_id
      JOIN entry_splits l ON l.book_id = t.book_id AND l.entry_id = t.id
      WHERE ${inMonth} AND ${lineCounts} ${outsideToAssign}
    )
    SELECT id, occurred_on, description, payee, account_id, base_cents, split,
      count(*) OVER () AS total
    FROM counted ORDER BY occurred_on, seq, position LIMIT ${limit}`.execute(db);
  const rows = result.rows.map(({ total: _total, ...row }) => row);
  return { rows, count: Number(result.rows[0]?.total ?? 0) };
}

/**
 * The payments to a live card in `month` (its transfer legs whose other leg is on a live on-budget
 * account that is not a card), oldest first, at most `limit`, as its envelope spends them: a
 * payment below 0, cash drawn on the card above; and how many there are.
 */
export async function listCardPayments(
  db: DbOrTx,
  bookId: string,
  period: { start: string; end: string },
  cardId: string,
  limit: number,
): Promise<{ rows: ExplainEntryRow[]; count: number }> {
  const result = await sql<ExplainEntryRow & { total: string | number }>`
    SELECT t.id, t.occurred_on, t.description, t.payee, t.account_id,
      CASE WHEN t.transaction_type = 'transfer_in' THEN -1 ELSE 1 END
        * CASE WHEN a.currency = b.base_currency THEN t.amount_cents
               WHEN t.base_recorded THEN t.base_amount END AS base_cents,
      false AS split, count(*) OVER () AS total
    FROM transactions t
    JOIN accounts a ON a.id = t.account_id
    JOIN books b ON b.id = t.book_id
    JOIN transactions o ON o.transfer_id = t.transfer_id AND o.id <> t.id AND o.deleted_at IS NULL
    JOIN accounts oa ON oa.id = o.account_id AND oa.on_budget AND oa.deleted_at IS NULL
      AND oa.account_type <> 'credit-card'
    WHERE t.book_id = ${bookId}::uuid AND t.account_id = ${cardId}::uuid
      AND t.deleted_at IS NULL AND t.transfer_id IS NOT NULL
      AND t.occurred_on >= ${period.start}::date AND t.occurred_on <= ${period.end}::date
    ORDER BY t.occurred_on, t.seq LIMIT ${limit}`.execute(db);
  const rows = result.rows.map(({ total: _total, ...row }) => row);
  return { rows, count: Number(result.rows[0]?.total ?? 0) };
}

/** Whether a category is the book's, and whether it is a spending one; undefined: not the book's. */
export async function findBudgetCategory(
  db: DbOrTx,
  bookId: string,
  categoryId: string,
): Promise<{ spending: boolean; name: string } | undefined> {
  const result = await sql<{ spending: boolean; name: string }>`
    SELECT g.kind = 'spending' AS spending, c.name
    FROM categories c JOIN category_groups g ON g.id = c.group_id
    WHERE c.id = ${categoryId}::uuid AND c.book_id = ${bookId}::uuid`.execute(db);
  return result.rows[0];
}

export interface CardRow {
  id: string;
  name: string;
  live: boolean;
}

/**
 * The cards with a payment envelope: with card envelopes on, every live on-budget credit card;
 * and, whatever the setting (or the account's type now), any account whose envelope holds log
 * rows, so that money moved there is never lost from the budget. `live` says whether its
 * spending and payments move money in its envelope (on, and the card live and on budget).
 */
export async function readCardEnvelopes(db: DbOrTx, bookId: string): Promise<CardRow[]> {
  const result = await sql<CardRow>`
    SELECT a.id, a.title AS name, coalesce(${LIVE_CARD}, false) AS live
    FROM accounts a JOIN books b ON b.id = a.book_id
    WHERE a.book_id = ${bookId}::uuid
      AND (${LIVE_CARD}
        OR EXISTS (SELECT 1 FROM budget_actions x WHERE x.card_id = a.id)
        OR EXISTS (SELECT 1 FROM budget_actions x WHERE x.from_card_id = a.id))
    ORDER BY a.created_at, a.id`.execute(db);
  return result.rows;
}

/** The book's budget settings as stored (docs/budgets.md#credit-cards, #budget-periods). */
export async function readBudgetBookSettings(db: DbOrTx, bookId: string): Promise<BudgetSettings> {
  const row = await db
    .selectFrom('books')
    .select(['card_envelopes', 'budget_period_day', 'budget_period_weekend'])
    .where('id', '=', bookId)
    .executeTakeFirst();
  return {
    cardEnvelopes: row?.card_envelopes === true,
    periodStartDay: row?.budget_period_day ?? 1,
    periodWeekend: row?.budget_period_weekend ?? 'keep',
  };
}

export async function writeBudgetBookSettings(
  db: DbOrTx,
  bookId: string,
  settings: BudgetSettings,
): Promise<void> {
  await db
    .updateTable('books')
    .set({
      card_envelopes: settings.cardEnvelopes,
      budget_period_day: settings.periodStartDay,
      budget_period_weekend: settings.periodWeekend,
    })
    .where('id', '=', bookId)
    .execute();
}

/**
 * Sums every month of the book again on the next read: its sums deleted, and a mark for each
 * account and calendar month with entries (the book's budget periods changed).
 */
export async function markEveryMonth(db: DbOrTx, bookId: string): Promise<void> {
  await sql`DELETE FROM budget_activity WHERE book_id = ${bookId}::uuid`.execute(db);
  await sql`
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT account_id, date_trunc('month', occurred_on)::date, book_id
    FROM transactions WHERE book_id = ${bookId}::uuid AND account_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
}

export interface GoalRecord {
  category_id: string;
  kind: 'monthly' | 'by-date' | 'refill';
  amount_cents: string | number;
  target_month: string | null;
}

/** Sets a category's goal, replacing the one it had. */
export async function upsertGoal(
  db: DbOrTx,
  bookId: string,
  goal: { categoryId: string; kind: GoalRecord['kind']; cents: bigint; targetMonth: string | null },
): Promise<GoalRecord> {
  const result = await sql<GoalRecord>`
    INSERT INTO budget_goals (category_id, book_id, kind, amount_cents, target_month)
    VALUES (${goal.categoryId}::uuid, ${bookId}::uuid, ${goal.kind}, ${goal.cents.toString()}::bigint,
      ${goal.targetMonth}::date)
    ON CONFLICT (category_id) DO UPDATE SET kind = excluded.kind,
      amount_cents = excluded.amount_cents, target_month = excluded.target_month,
      updated_at = clock_timestamp()
    RETURNING category_id, kind, amount_cents, target_month`.execute(db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('the goal was not written');
  return row;
}

/** Removes a category's goal; false when it had none. */
export async function deleteGoal(db: DbOrTx, bookId: string, categoryId: string): Promise<boolean> {
  const result = await sql`
    DELETE FROM budget_goals WHERE book_id = ${bookId}::uuid AND category_id = ${categoryId}::uuid`.execute(
    db,
  );
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Every goal of the book. */
export async function readGoals(db: DbOrTx, bookId: string): Promise<GoalRecord[]> {
  const result = await sql<GoalRecord>`
    SELECT category_id, kind, amount_cents, target_month FROM budget_goals
    WHERE book_id = ${bookId}::uuid`.execute(db);
  return result.rows;
}
