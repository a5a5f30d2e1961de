import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { minorUnitsIn } from '../../lib/currency-amount.js';
import { MESSAGES } from '../../../shared/errors.js';
import { minorUnitsToUnits } from '../../../shared/currency-money.js';
import { signedAmountText } from '../../../shared/currency-amounts.js';
import type { AmountField } from '../../../shared/currency-amounts.js';
import type {
  BudgetAction,
  BudgetExplanation,
  BudgetGoal,
  BudgetMonth,
  GoalKind,
  RolloverRule,
} from '../../../shared/schemas/budget.js';
import { periodBounds, periodRuleOf } from '../../../shared/budget-periods.js';
import { goalProgress, type GoalRow } from './budget-goals.js';
import { findBookBaseCurrency } from '../books/index.js';
import { loadHistory, monthFigures } from './budget-history.js';
import { availableAt, budgetPlace, envelopeRows } from './budget-places.js';
import { previousMonth, type CategoryMonth, type MonthFigures } from './budget-months.js';
import {
  deleteGoal,
  findBudgetCategory,
  hasBudgetMarks,
  insertAction,
  listActions,
  listMonthActions,
  listCardPayments,
  listMonthEntries,
  lockAction,
  lockBudget,
  lockBudgetRefresh,
  markUndone,
  readAssignedNet,
  readBudgetCategories,
  readCardEnvelopes,
  readBudgetBookSettings,
  readGoals,
  refreshBudgetActivity,
  setCounts,
  upsertGoal,
  type ActionRow,
  type CardRow,
  type GoalRecord,
  type BudgetCategoryRow,
} from './budget-repository.js';

// The envelope budget (docs/budgets.md): months computed from the ledger and the log, and the
// log's actions, each one row, written under the book's budget lock.

const ASSIGNED_FIELD: AmountField = { label: 'assigned', floor: 'zero', ceiling: 'operation' };
const MOVE_FIELD: AmountField = { label: 'amount', floor: 'positive', ceiling: 'operation' };
const HOLD_FIELD: AmountField = { label: 'amount', floor: 'zero', ceiling: 'operation' };
const CAP_FIELD: AmountField = { label: 'cap', floor: 'zero', ceiling: 'operation' };

/** The explain view lists this many log rows and entries at most; totals are always whole. */
export const EXPLAIN_LIST_MAX = 200;
export const HISTORY_PAGE = 50;

export const firstDay = (month: string) => `${month}-01`;
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * Brings the book's per-month sums up to date when the ledger marked any (docs/budgets.md#speed).
 * Readers that find marks take them one at a time per book, so a reader never answers from sums
 * another is still rewriting.
 */
export async function refreshIfMarked(db: DbOrTx, bookId: string): Promise<void> {
  if (!(await hasBudgetMarks(db, bookId))) return;
  await inTransaction(db, async (trx) => {
    await lockBudgetRefresh(trx, bookId);
    await refreshBudgetActivity(trx, bookId);
  });
}

async function figuresOf(
  db: DbOrTx,
  bookId: string,
  month: string,
  known: { categories?: readonly BudgetCategoryRow[]; cards?: CardRow[] } = {},
) {
  const loaded = await loadHistory(db, bookId, month, known);
  return { ...monthFigures(loaded, month), ...loaded };
}

/** Every figure of one month of the book's budget. */
export async function readBudgetMonth(
  db: DbOrTx,
  bookId: string,
  month: string,
): Promise<BudgetMonth> {
  await refreshIfMarked(db, bookId);
  const day = firstDay(month);
  const [currency, figures, goalRecords, settings] = await Promise.all([
    findBookBaseCurrency(db, bookId),
    figuresOf(db, bookId, day),
    readGoals(db, bookId),
    readBudgetBookSettings(db, bookId),
  ]);
  const { categories, firstMonth } = figures;
  const units = (cents: bigint) => minorUnitsToUnits(cents, currency);
  const goals = new Map(goalRecords.map((record) => [record.category_id, toGoalRow(record)]));
  const { current } = figures;
  // Every spending category, and any other that still holds budget money (one moved into an
  // income group after money was assigned to it): every available of the identity is listed.
  const rows = categories.flatMap((c) => {
    const f = current.categories.get(c.id);
    if (f === undefined) return [];
    const idle = f.carriedIn === 0n && f.assigned === 0n && f.activity === 0n;
    if ((c.archived || !c.spending) && idle) return [];
    return [
      {
        categoryId: c.id,
        name: c.name,
        groupId: c.group_id,
        groupName: c.group_name,
        archived: c.archived,
        carriedIn: units(f.carriedIn),
        assigned: units(f.assigned),
        activity: units(f.activity),
        available: units(f.available),
        rollover: {
          rule: f.rule.rule,
          cap: f.rule.capCents === null ? null : units(f.rule.capCents),
        },
        overspent: f.available < 0n,
        goal: goalOf(goals.get(c.id), f, day, currency),
      },
    ];
  });
  let assigned = 0n;
  let activity = 0n;
  let available = 0n;
  for (const f of current.categories.values()) {
    assigned += f.assigned;
    activity += f.activity;
    available += f.available;
  }
  const parts = current.parts;
  return {
    month,
    period: periodBounds(month, periodRuleOf(settings)),
    currency,
    firstMonth: firstMonth === null ? null : monthOf(firstMonth),
    toAssign: units(current.toAssign),
    toAssignParts: {
      carriedIn: units(parts.carriedIn),
      heldFromLastMonth: units(parts.heldFromLastMonth),
      income: units(parts.income),
      assigned: units(parts.assigned),
      heldForNextMonth: units(parts.heldForNextMonth),
      returnedFromLastMonth: units(parts.returnedFromLastMonth),
      overspendingFromLastMonth: units(parts.overspendingFromLastMonth),
    },
    categories: rows,
    cardEnvelopes: settings.cardEnvelopes,
    cards: envelopeRows(current, figures.cards, figures.owed, units),
    totals: { assigned: units(assigned), activity: units(activity), available: units(available) },
    notConverted: figures.notConverted.get(day) ?? 0,
  };
}

/** A category the book has and budgets; 404 when not the book's, 422 when not a spending one. */
async function spendingCategory(db: DbOrTx, bookId: string, categoryId: string): Promise<string> {
  const category = await findBudgetCategory(db, bookId, categoryId);
  if (category === undefined) throw notFound(MESSAGES.categoryNotFound);
  if (!category.spending) throw new AppError('UNPROCESSABLE', MESSAGES.notSpendingCategory);
  return category.name;
}

function toAction(row: ActionRow, currency: string): BudgetAction {
  const units = (cents: string | number) => minorUnitsToUnits(BigInt(cents), currency);
  return {
    id: String(row.id),
    kind: row.kind,
    month: monthOf(row.month),
    categoryId: row.category_id,
    fromCategoryId: row.from_category_id,
    amount: units(row.amount_cents),
    rollover:
      row.rollover === null
        ? null
        : {
            rule: row.rollover,
            cap: row.rollover_cap_cents === null ? null : units(row.rollover_cap_cents),
          },
    undoesId: row.undoes_id,
    undoneById: row.undone_by_id,
    counts: row.counts,
    actor:
      row.actor_id === null || row.email === null
        ? null
        : { userId: row.actor_id, email: row.email },
    at: new Date(row.created_at).toISOString(),
  };
}

/** Sets what is assigned to a category in a month; records the difference (none: nothing). */
export async function assignBudget(
  db: DbOrTx,
  actor: Actor,
  input: { month: string; categoryId: string; assigned: number },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  const target = minorUnitsIn(input.assigned, currency, 'assigned', ASSIGNED_FIELD);
  await lockBudget(db, actor.bookId);
  await budgetPlace(db, actor.bookId, input.categoryId);
  const month = firstDay(input.month);
  const now = await readAssignedNet(db, actor.bookId, month, input.categoryId);
  if (now === target) return { action: null };
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month,
    kind: 'assign',
    categoryId: input.categoryId,
    fromCategoryId: null,
    cents: target - now,
  });
  return { action: toAction(row, currency) };
}

/** What a category has available in a month, computed under the budget lock. */
async function availableIn(
  db: DbOrTx,
  bookId: string,
  month: string,
  categoryId: string,
): Promise<bigint> {
  await refreshIfMarked(db, bookId);
  const { current } = await figuresOf(db, bookId, month);
  return availableAt(current, categoryId);
}

/** Moves money between two categories, or between To assign (null) and a category. */
export async function moveBudget(
  db: DbOrTx,
  actor: Actor,
  input: {
    month: string;
    fromCategoryId: string | null;
    toCategoryId: string | null;
    amount: number;
  },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  const cents = minorUnitsIn(input.amount, currency, 'amount', MOVE_FIELD);
  await lockBudget(db, actor.bookId);
  if (input.toCategoryId !== null) await budgetPlace(db, actor.bookId, input.toCategoryId);
  const name =
    input.fromCategoryId === null
      ? null
      : await budgetPlace(db, actor.bookId, input.fromCategoryId);
  if (input.fromCategoryId === input.toCategoryId) {
    throw new AppError('UNPROCESSABLE', 'Choose two different places to move money between');
  }
  const month = firstDay(input.month);
  if (input.fromCategoryId !== null) {
    const available = await availableIn(db, actor.bookId, month, input.fromCategoryId);
    if (available < cents) {
      throw new AppError(
        'UNPROCESSABLE',
        `Only ${signedAmountText(available, currency)} is available in ${name ?? ''} in ${input.month}`,
      );
    }
  }
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month,
    kind: 'move',
    categoryId: input.toCategoryId,
    fromCategoryId: input.fromCategoryId,
    cents,
  });
  return { action: toAction(row, currency) };
}

/**
 * Covers a category's overspending in a month: from To assign, all of it; from another category,
 * as much of it as that one has available. A category that is not overspent records nothing.
 */
export async function coverBudget(
  db: DbOrTx,
  actor: Actor,
  input: { month: string; categoryId: string; fromCategoryId: string | null },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  await lockBudget(db, actor.bookId);
  await budgetPlace(db, actor.bookId, input.categoryId);
  const sourceName =
    input.fromCategoryId === null
      ? null
      : await budgetPlace(db, actor.bookId, input.fromCategoryId);
  if (input.fromCategoryId === input.categoryId) {
    throw new AppError('UNPROCESSABLE', 'A category cannot cover itself: choose another source');
  }
  const month = firstDay(input.month);
  await refreshIfMarked(db, actor.bookId);
  const { current } = await figuresOf(db, actor.bookId, month);
  const deficit = -availableAt(current, input.categoryId);
  // Nothing to cover: like assigning the figure a category already has, it records nothing.
  if (deficit <= 0n) return { action: null };
  let cents = deficit;
  if (input.fromCategoryId !== null) {
    const available = availableAt(current, input.fromCategoryId);
    if (available <= 0n) {
      throw new AppError(
        'UNPROCESSABLE',
        `${sourceName ?? ''} has nothing available in ${input.month} to cover with`,
      );
    }
    if (available < cents) cents = available;
  }
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month,
    kind: 'cover',
    categoryId: input.categoryId,
    fromCategoryId: input.fromCategoryId,
    cents,
  });
  return { action: toAction(row, currency) };
}

/** Sets how much of a month's To assign is held for the next month. */
export async function holdBudget(
  db: DbOrTx,
  actor: Actor,
  input: { month: string; amount: number },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  const target = minorUnitsIn(input.amount, currency, 'amount', HOLD_FIELD);
  await lockBudget(db, actor.bookId);
  const month = firstDay(input.month);
  const now = await readAssignedNet(db, actor.bookId, month, null);
  if (now === target) return { action: null };
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month,
    kind: 'hold',
    categoryId: null,
    fromCategoryId: null,
    cents: target - now,
  });
  return { action: toAction(row, currency) };
}

/** Sets a category's rollover rule from a month on. */
export async function setRollover(
  db: DbOrTx,
  actor: Actor,
  input: { month: string; categoryId: string; rule: RolloverRule; cap?: number | undefined },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  const capCents =
    input.cap === undefined ? null : minorUnitsIn(input.cap, currency, 'cap', CAP_FIELD);
  await lockBudget(db, actor.bookId);
  await spendingCategory(db, actor.bookId, input.categoryId);
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month: firstDay(input.month),
    kind: 'rollover',
    categoryId: input.categoryId,
    fromCategoryId: null,
    cents: 0n,
    rollover: input.rule,
    capCents,
  });
  return { action: toAction(row, currency) };
}

/**
 * Undoes a row of the log as a new row: the action it reverses stops counting (an undo of an
 * undo makes it count again). Money actions add up, so undoing any of them, in any order, leaves
 * exactly the figures it would have without it.
 */
export async function undoBudgetAction(
  db: DbOrTx,
  actor: Actor,
  input: { id: string },
): Promise<{ action: BudgetAction | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  await lockBudget(db, actor.bookId);
  const target = await lockAction(db, actor.bookId, input.id);
  if (target === undefined) throw notFound(MESSAGES.budgetActionNotFound);
  if (target.undone_by_id !== null) throw new AppError('CONFLICT', MESSAGES.alreadyUndone);
  // The action at the root of a chain of undos, whose counting each undo flips.
  let root = target;
  while (root.undoes_id !== null) {
    const next = await lockAction(db, actor.bookId, root.undoes_id);
    if (next === undefined) throw notFound(MESSAGES.budgetActionNotFound);
    root = next;
  }
  const countsNow = !root.counts;
  const rootCents = BigInt(root.amount_cents);
  const row = await insertAction(db, {
    bookId: actor.bookId,
    actorId: actor.actorId,
    month: target.month,
    kind: 'undo',
    categoryId: root.category_id,
    fromCategoryId: root.from_category_id,
    cents: countsNow ? rootCents : -rootCents,
    undoesId: target.id,
  });
  await markUndone(db, target.id, row.id);
  await setCounts(db, root.id, countsNow);
  return { action: toAction(row, currency) };
}

/** The book's budget log, newest first. */
export async function listBudgetHistory(
  db: DbOrTx,
  bookId: string,
  input: { month?: string | undefined; cursor?: string | undefined },
): Promise<{ items: BudgetAction[]; nextCursor: string | null }> {
  const currency = await findBookBaseCurrency(db, bookId);
  const rows = await listActions(db, bookId, {
    month: input.month === undefined ? undefined : firstDay(input.month),
    before: input.cursor,
    limit: HISTORY_PAGE + 1,
  });
  const page = rows.slice(0, HISTORY_PAGE);
  return {
    items: page.map((row) => toAction(row, currency)),
    nextCursor: rows.length > HISTORY_PAGE ? String(page[page.length - 1]?.seq) : null,
  };
}

/**
 * Exactly what makes up a category's available amount in a month, or To assign's: what came over
 * from last month, the parts of this month, the log rows and the entries behind them.
 */
export async function explainBudget(
  db: DbOrTx,
  bookId: string,
  input: { month: string; categoryId?: string | undefined },
): Promise<BudgetExplanation> {
  await refreshIfMarked(db, bookId);
  const categoryId = input.categoryId ?? null;
  const [currency, , cards, settings] = await Promise.all([
    findBookBaseCurrency(db, bookId),
    categoryId === null ? null : budgetPlace(db, bookId, categoryId),
    readCardEnvelopes(db, bookId),
    readBudgetBookSettings(db, bookId),
  ]);
  const period = periodBounds(input.month, periodRuleOf(settings));
  const day = firstDay(input.month);
  const prior = previousMonth(day);
  const envelope = cards.find((card) => card.id === categoryId);
  const liveCards = cards.filter((card) => card.live).map((card) => card.id);
  const [{ current, previous, firstMonth }, actions, entries] = await Promise.all([
    // The cards read above: the envelopes and the entries listed agree, in one read of them.
    figuresOf(db, bookId, day, { cards }),
    listMonthActions(db, bookId, day, categoryId, EXPLAIN_LIST_MAX),
    envelope === undefined
      ? listMonthEntries(db, bookId, period, categoryId, EXPLAIN_LIST_MAX, liveCards)
      : listCardPayments(db, bookId, period, envelope.id, EXPLAIN_LIST_MAX),
  ]);
  const units = (cents: bigint) => minorUnitsToUnits(cents, currency);
  const hadLastMonth = firstMonth !== null && firstMonth <= prior;
  const common = {
    month: input.month,
    categoryId,
    actions: actions.map((row) => toAction(row, currency)),
  };
  const shown = entries.rows.map((row) => ({
    id: row.id,
    occurredOn: row.occurred_on,
    description: row.description,
    payee: row.payee,
    accountId: row.account_id,
    amount: row.base_cents === null ? 0 : units(BigInt(row.base_cents)),
    split: row.split,
  }));
  if (categoryId === null) return explainToAssign(current, previous, hadLastMonth);
  if (envelope !== undefined) {
    const now = current.envelopes.get(envelope.id);
    const last = previous.envelopes.get(envelope.id);
    if (now === undefined || last === undefined) throw notFound(MESSAGES.categoryNotFound);
    return {
      ...common,
      available: units(now.available),
      carriedIn: {
        amount: units(now.carriedIn),
        fromMonth: hadLastMonth ? monthOf(prior) : null,
        lastMonthAvailable: hadLastMonth ? units(last.available) : null,
        rule: hadLastMonth ? 'both' : null,
      },
      parts: [
        { label: 'Assigned and moved this month', amount: units(now.assigned) },
        { label: "Categories' money for spending on the card", amount: units(now.covered) },
        { label: 'Payments to the card', amount: units(-now.payments) },
      ],
      entries: { total: units(-now.payments), count: entries.count, shown },
    };
  }
  const figures = current.categories.get(categoryId);
  const before = previous.categories.get(categoryId);
  if (figures === undefined || before === undefined) throw notFound(MESSAGES.categoryNotFound);
  return {
    ...common,
    available: units(figures.available),
    carriedIn: {
      amount: units(figures.carriedIn),
      fromMonth: hadLastMonth ? monthOf(prior) : null,
      lastMonthAvailable: hadLastMonth ? units(before.available) : null,
      rule: hadLastMonth ? before.rule.rule : null,
    },
    parts: [
      { label: 'Assigned and moved this month', amount: units(figures.assigned) },
      { label: 'Spending and refunds this month', amount: units(figures.activity) },
    ],
    entries: { total: units(figures.activity), count: entries.count, shown },
  };

  function explainToAssign(
    now: MonthFigures,
    last: MonthFigures,
    lastMonthKnown: boolean,
  ): BudgetExplanation {
    const p = now.parts;
    return {
      ...common,
      available: units(now.toAssign),
      carriedIn: {
        amount: units(p.carriedIn),
        fromMonth: lastMonthKnown ? monthOf(prior) : null,
        lastMonthAvailable: lastMonthKnown ? units(last.toAssign) : null,
        rule: null,
      },
      parts: [
        { label: 'Held from last month', amount: units(p.heldFromLastMonth) },
        { label: 'Income and other money without a spending category', amount: units(p.income) },
        { label: 'Assigned to categories', amount: units(p.assigned) },
        { label: 'Held for next month', amount: units(p.heldForNextMonth) },
        {
          label: 'Left over in categories that do not carry it',
          amount: units(p.returnedFromLastMonth),
        },
        { label: "Last month's overspending", amount: units(p.overspendingFromLastMonth) },
      ],
      entries: { total: units(p.income), count: entries.count, shown },
    };
  }
}

function toGoalRow(record: GoalRecord): GoalRow {
  return {
    categoryId: record.category_id,
    kind: record.kind,
    amountCents: BigInt(record.amount_cents),
    targetMonth: record.target_month,
  };
}

/** A goal as the month shows it: what it asks of the month and how far along it is. */
function goalOf(
  goal: GoalRow | undefined,
  figures: CategoryMonth,
  month: string,
  currency: string,
): BudgetGoal | null {
  if (goal === undefined) return null;
  const progress = goalProgress(goal, figures, month);
  const units = (cents: bigint) => minorUnitsToUnits(cents, currency);
  return {
    kind: goal.kind,
    amount: units(goal.amountCents),
    targetMonth: goal.targetMonth === null ? null : monthOf(goal.targetMonth),
    needed: units(progress.neededCents),
    funded: units(progress.fundedCents),
    status: progress.status,
  };
}

const GOAL_FIELD: AmountField = { label: 'amount', floor: 'positive', ceiling: 'operation' };

/** Sets a spending category's goal (replacing the one it had). */
export async function setGoal(
  db: DbOrTx,
  actor: Actor,
  input: { categoryId: string; kind: GoalKind; amount: number; targetMonth?: string | undefined },
): Promise<{ categoryId: string; kind: GoalKind; amount: number; targetMonth: string | null }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  const cents = minorUnitsIn(input.amount, currency, 'amount', GOAL_FIELD);
  await spendingCategory(db, actor.bookId, input.categoryId);
  const row = await upsertGoal(db, actor.bookId, {
    categoryId: input.categoryId,
    kind: input.kind,
    cents,
    targetMonth: input.targetMonth === undefined ? null : firstDay(input.targetMonth),
  });
  return {
    categoryId: row.category_id,
    kind: row.kind,
    amount: minorUnitsToUnits(BigInt(row.amount_cents), currency),
    targetMonth: row.target_month === null ? null : monthOf(row.target_month),
  };
}

/** Removes a category's goal; 404 when the category is not the book's or has none. */
export async function removeGoal(
  db: DbOrTx,
  actor: Actor,
  input: { categoryId: string },
): Promise<{ categoryId: string }> {
  await spendingCategory(db, actor.bookId, input.categoryId);
  if (!(await deleteGoal(db, actor.bookId, input.categoryId))) {
    throw notFound(MESSAGES.goalNotFound);
  }
  return { categoryId: input.categoryId };
}

/** The book's goals in a month, in the categories' order, each with its progress. */
export async function listGoals(
  db: DbOrTx,
  bookId: string,
  input: { month: string },
): Promise<{
  month: string;
  currency: string;
  goals: (BudgetGoal & { categoryId: string; name: string; groupName: string })[];
}> {
  // The dashboard asks on every visit: a book without goals costs one small read, not a month.
  if ((await readGoals(db, bookId)).length === 0) {
    return { month: input.month, currency: await findBookBaseCurrency(db, bookId), goals: [] };
  }
  const month = await readBudgetMonth(db, bookId, input.month);
  return {
    month: month.month,
    currency: month.currency,
    goals: month.categories.flatMap((c) =>
      c.goal === null
        ? []
        : [{ ...c.goal, categoryId: c.categoryId, name: c.name, groupName: c.groupName }],
    ),
  };
}

/**
 * "Fill from goals": assigns to each category with a goal what the month still needs for it, one
 * assignment (one row of the log, undoable alone) per category, in the categories' order.
 */
export async function fillFromGoals(
  db: DbOrTx,
  actor: Actor,
  input: { month: string },
): Promise<{ actions: BudgetAction[] }> {
  const currency = await findBookBaseCurrency(db, actor.bookId);
  await lockBudget(db, actor.bookId);
  await refreshIfMarked(db, actor.bookId);
  const day = firstDay(input.month);
  const categories = await readBudgetCategories(db, actor.bookId);
  const [{ current }, goalRecords] = await Promise.all([
    figuresOf(db, actor.bookId, day, { categories }),
    readGoals(db, actor.bookId),
  ]);
  const goals = new Map(goalRecords.map((record) => [record.category_id, toGoalRow(record)]));
  const actions: BudgetAction[] = [];
  for (const category of categories) {
    const goal = goals.get(category.id);
    const figures = current.categories.get(category.id);
    if (goal === undefined || figures === undefined || !category.spending) continue;
    const { neededCents } = goalProgress(goal, figures, day);
    if (neededCents === 0n) continue;
    const row = await insertAction(db, {
      bookId: actor.bookId,
      actorId: actor.actorId,
      month: day,
      kind: 'assign',
      categoryId: category.id,
      fromCategoryId: null,
      cents: neededCents,
    });
    actions.push(toAction(row, currency));
  }
  return { actions };
}
