import type { RolloverRule } from '../../../shared/schemas/budget.js';

/**
 * The budget's arithmetic (docs/budgets.md#the-arithmetic), on integer minor units of the book's
 * base currency, with no database: what the ledger put in each category per month, the log's
 * actions that count, and the rollover rules, in; every figure of one month out.
 *
 * Months are 'YYYY-MM-01' texts. Only months where something happened are computed, and the month
 * after each: from the second month without anything on, nothing changes any more (what a rule
 * carries once, it carries again unchanged), so a book whose history starts in 1990 costs what
 * its busy months cost, whatever month is asked for.
 */

/** What the ledger put in one month: in a spending category, or (null) in To assign. */
export interface MonthFlow {
  month: string;
  /** A spending category, or null: income, no category, transfers, a split's remainder. */
  categoryId: string | null;
  cents: bigint;
}

/** A counted action's money: `cents` moved from `from` to `to` (null: To assign; 'held'). */
export interface MonthMove {
  month: string;
  to: string | null;
  from: string | null;
  kind: 'assign' | 'move' | 'cover' | 'hold';
  cents: bigint;
}

/** A counted rollover rule row, in the order the log recorded them. */
export interface RuleRow {
  id: bigint;
  month: string;
  categoryId: string;
  rule: RolloverRule;
  capCents: bigint | null;
}

export interface RuleInEffect {
  rule: RolloverRule;
  capCents: bigint | null;
}

const DEFAULT_RULE: RuleInEffect = { rule: 'surplus', capCents: null };

export interface CategoryMonth {
  carriedIn: bigint;
  assigned: bigint;
  activity: bigint;
  available: bigint;
  rule: RuleInEffect;
}

/** To assign as the sum of its parts, each a signed contribution. */
export interface ToAssignParts {
  carriedIn: bigint;
  heldFromLastMonth: bigint;
  income: bigint;
  assigned: bigint;
  heldForNextMonth: bigint;
  returnedFromLastMonth: bigint;
  overspendingFromLastMonth: bigint;
}

export interface MonthFigures {
  month: string;
  toAssign: bigint;
  parts: ToAssignParts;
  categories: Map<string, CategoryMonth>;
}

export interface BudgetHistory {
  flows: readonly MonthFlow[];
  moves: readonly MonthMove[];
  rules: readonly RuleRow[];
  /** Every spending category to report, whether or not anything happened in it. */
  categoryIds: readonly string[];
}

export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return monthNumber === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${month.slice(0, 4)}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return monthNumber === 1
    ? `${String(year - 1).padStart(4, '0')}-12-01`
    : `${month.slice(0, 4)}-${String(monthNumber - 1).padStart(2, '0')}-01`;
}

/** The rule of each category in a month: the latest row recorded for that month or before. */
function rulesLookup(
  rules: readonly RuleRow[],
): (categoryId: string, month: string) => RuleInEffect {
  const byCategory = new Map<string, RuleRow[]>();
  for (const row of rules) {
    const rows = byCategory.get(row.categoryId) ?? [];
    rows.push(row);
    byCategory.set(row.categoryId, rows);
  }
  return (categoryId, month) => {
    let found: RuleRow | undefined;
    for (const row of byCategory.get(categoryId) ?? []) {
      if (row.month <= month && (found === undefined || row.id > found.id)) found = row;
    }
    return found === undefined ? DEFAULT_RULE : { rule: found.rule, capCents: found.capCents };
  };
}

/** What a rule carries of `available` into the next month; the rest goes to To assign. */
export function carriedBy(rule: RuleInEffect, available: bigint): bigint {
  switch (rule.rule) {
    case 'both':
      return available;
    case 'none':
      return 0n;
    case 'surplus':
      return available > 0n ? available : 0n;
    case 'capped': {
      const cap = rule.capCents ?? 0n;
      if (available <= 0n) return 0n;
      return available < cap ? available : cap;
    }
  }
}

function add(map: Map<string, bigint>, key: string, cents: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + cents);
}

/** Everything of one month, grouped for the walk. */
export interface MonthEvents {
  flows: Map<string, bigint>;
  income: bigint;
  assignedNet: Map<string, bigint>;
  toAssignOut: bigint;
  held: bigint;
}

export function groupByMonth(history: BudgetHistory, upTo: string): Map<string, MonthEvents> {
  const months = new Map<string, MonthEvents>();
  const eventsOf = (month: string): MonthEvents => {
    let events = months.get(month);
    if (events === undefined) {
      events = { flows: new Map(), income: 0n, assignedNet: new Map(), toAssignOut: 0n, held: 0n };
      months.set(month, events);
    }
    return events;
  };
  for (const flow of history.flows) {
    if (flow.month > upTo) continue;
    const events = eventsOf(flow.month);
    if (flow.categoryId === null) events.income += flow.cents;
    else add(events.flows, flow.categoryId, flow.cents);
  }
  for (const move of history.moves) {
    if (move.month > upTo) continue;
    const events = eventsOf(move.month);
    if (move.kind === 'hold') {
      events.held += move.cents;
      continue;
    }
    if (move.to === null) events.toAssignOut -= move.cents;
    else add(events.assignedNet, move.to, move.cents);
    if (move.from === null) events.toAssignOut += move.cents;
    else add(events.assignedNet, move.from, -move.cents);
  }
  for (const row of history.rules) if (row.month <= upTo) eventsOf(row.month);
  return months;
}

/**
 * Every figure of `month` ('YYYY-MM-01'), and those of the month before it (what "explain"
 * shows of where a carry came from).
 */
export function budgetMonth(
  history: BudgetHistory,
  month: string,
): { current: MonthFigures; previous: MonthFigures } {
  const events = groupByMonth(history, month);
  const ruleOf = rulesLookup(history.rules);
  const categoryIds = new Set(history.categoryIds);
  for (const monthEvents of events.values()) {
    for (const id of monthEvents.flows.keys()) categoryIds.add(id);
    for (const id of monthEvents.assignedNet.keys()) categoryIds.add(id);
  }
  for (const row of history.rules) categoryIds.add(row.categoryId);

  // The months to walk: those with events, the one after each, and the month asked for.
  const walk = new Set<string>([month]);
  const prior = previousMonth(month);
  if (events.size > 0 && [...events.keys()].some((m) => m <= prior)) walk.add(prior);
  for (const m of events.keys()) {
    walk.add(m);
    const after = nextMonth(m);
    if (after <= month) walk.add(after);
  }
  const ordered = [...walk].sort();

  const empty = (m: string): MonthFigures => ({
    month: m,
    toAssign: 0n,
    parts: {
      carriedIn: 0n,
      heldFromLastMonth: 0n,
      income: 0n,
      assigned: 0n,
      heldForNextMonth: 0n,
      returnedFromLastMonth: 0n,
      overspendingFromLastMonth: 0n,
    },
    categories: new Map(
      [...categoryIds].map((id) => [
        id,
        { carriedIn: 0n, assigned: 0n, activity: 0n, available: 0n, rule: ruleOf(id, m) },
      ]),
    ),
  });

  let last: MonthFigures | null = null;
  let beforeLast: MonthFigures | null = null;
  for (const m of ordered) {
    beforeLast = last;
    last = step(last, m, events.get(m), categoryIds, ruleOf);
  }
  // The walk holds the month before whenever anything happened up to it.
  const previous = beforeLast?.month === prior ? beforeLast : empty(prior);
  return { current: last ?? empty(month), previous };
}

function step(
  last: MonthFigures | null,
  month: string,
  events: MonthEvents | undefined,
  categoryIds: ReadonlySet<string>,
  ruleOf: (categoryId: string, month: string) => RuleInEffect,
): MonthFigures {
  let returned = 0n;
  let overspending = 0n;
  const categories = new Map<string, CategoryMonth>();
  for (const id of categoryIds) {
    const before = last?.categories.get(id);
    let carriedIn = 0n;
    if (before !== undefined) {
      carriedIn = carriedBy(before.rule, before.available);
      const rest = before.available - carriedIn;
      if (rest > 0n) returned += rest;
      else overspending += rest;
    }
    const assigned = events?.assignedNet.get(id) ?? 0n;
    const activity = events?.flows.get(id) ?? 0n;
    categories.set(id, {
      carriedIn,
      assigned,
      activity,
      available: carriedIn + assigned + activity,
      rule: ruleOf(id, month),
    });
  }
  const parts: ToAssignParts = {
    carriedIn: last?.toAssign ?? 0n,
    heldFromLastMonth:
      last?.parts.heldForNextMonth === undefined ? 0n : -last.parts.heldForNextMonth,
    income: events?.income ?? 0n,
    assigned: -(events?.toAssignOut ?? 0n),
    heldForNextMonth: -(events?.held ?? 0n),
    returnedFromLastMonth: returned,
    overspendingFromLastMonth: overspending,
  };
  const toAssign =
    parts.carriedIn +
    parts.heldFromLastMonth +
    parts.income +
    parts.assigned +
    parts.heldForNextMonth +
    parts.returnedFromLastMonth +
    parts.overspendingFromLastMonth;
  return { month, toAssign, parts, categories };
}
