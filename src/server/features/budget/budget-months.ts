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

/**
 * A live card's net in a spending category in a month (spending below 0, refunds above): what
 * moves money between the category and the card's payment envelope (docs/budgets.md#credit-cards).
 */
export interface CardSpending {
  month: string;
  cardId: string;
  categoryId: string;
  cents: bigint;
}

/** What moved from the budget's cash accounts to a live card in a month (below 0: cash drawn). */
export interface CardPayment {
  month: string;
  cardId: string;
  cents: bigint;
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
  /**
   * The part of a negative available that is card spending the category had no money for: it
   * becomes card debt when the month ends instead of being carried or taken from To assign.
   */
  cardDebt: bigint;
}

/** A card's payment envelope in a month: it always carries all it holds. */
export interface EnvelopeMonth {
  carriedIn: bigint;
  assigned: bigint;
  /** What categories that had the money moved here for the card's spending (refunds: back). */
  covered: bigint;
  /** Payments to the card from the budget's cash accounts (subtracted). */
  payments: bigint;
  available: bigint;
  /** The card spending of the month no category had money for (the categories' cardDebt). */
  uncoveredSpending: bigint;
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
  envelopes: Map<string, EnvelopeMonth>;
}

export interface BudgetHistory {
  flows: readonly MonthFlow[];
  moves: readonly MonthMove[];
  rules: readonly RuleRow[];
  /** Every spending category to report, whether or not anything happened in it. */
  categoryIds: readonly string[];
  /**
   * Every payment envelope (a card's account id), in the order a category's money covers the
   * cards' spending; moves name them as they name categories.
   */
  envelopeIds?: readonly string[];
  cardSpending?: readonly CardSpending[];
  cardPayments?: readonly CardPayment[];
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
  /** Per spending category, each card's net in it. */
  cardSpending: Map<string, Map<string, bigint>>;
  payments: Map<string, bigint>;
}

export function groupByMonth(history: BudgetHistory, upTo: string): Map<string, MonthEvents> {
  const months = new Map<string, MonthEvents>();
  const eventsOf = (month: string): MonthEvents => {
    let events = months.get(month);
    if (events === undefined) {
      events = {
        flows: new Map(),
        income: 0n,
        assignedNet: new Map(),
        toAssignOut: 0n,
        held: 0n,
        cardSpending: new Map(),
        payments: new Map(),
      };
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
  for (const spent of history.cardSpending ?? []) {
    if (spent.month > upTo) continue;
    const byCategory = eventsOf(spent.month).cardSpending;
    const byCard = byCategory.get(spent.categoryId) ?? new Map<string, bigint>();
    add(byCard, spent.cardId, spent.cents);
    byCategory.set(spent.categoryId, byCard);
  }
  for (const payment of history.cardPayments ?? []) {
    if (payment.month <= upTo) add(eventsOf(payment.month).payments, payment.cardId, payment.cents);
  }
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
  const envelopeIds = history.envelopeIds ?? [];
  const envelopes = new Set(envelopeIds);
  const categoryIds = new Set(history.categoryIds);
  for (const monthEvents of events.values()) {
    for (const id of monthEvents.flows.keys()) categoryIds.add(id);
    for (const id of monthEvents.assignedNet.keys()) if (!envelopes.has(id)) categoryIds.add(id);
  }
  for (const row of history.rules) categoryIds.add(row.categoryId);
  const places = { categoryIds, envelopeIds };

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
        {
          carriedIn: 0n,
          assigned: 0n,
          activity: 0n,
          available: 0n,
          rule: ruleOf(id, m),
          cardDebt: 0n,
        },
      ]),
    ),
    envelopes: new Map(
      envelopeIds.map((id) => [
        id,
        {
          carriedIn: 0n,
          assigned: 0n,
          covered: 0n,
          payments: 0n,
          available: 0n,
          uncoveredSpending: 0n,
        },
      ]),
    ),
  });

  let last: MonthFigures | null = null;
  let beforeLast: MonthFigures | null = null;
  for (const m of ordered) {
    beforeLast = last;
    last = step(last, m, events.get(m), places, ruleOf);
  }
  // The walk holds the month before whenever anything happened up to it.
  const previous = beforeLast?.month === prior ? beforeLast : empty(prior);
  return { current: last ?? empty(month), previous };
}

/**
 * How a category's money meets its card spending this month (docs/budgets.md#credit-cards): what
 * it has, its cash activity and card refunds included, covers the cards' spending in the
 * envelopes' order, and each covered amount moves to that card's envelope; a refund on a card
 * moves its amount back out of the envelope. What no money covered, while the category is below
 * zero, is its card debt.
 */
function meetCardSpending(
  byCard: ReadonlyMap<string, bigint>,
  envelopeIds: readonly string[],
  category: { carriedIn: bigint; assigned: bigint; activity: bigint; available: bigint },
  covered: Map<string, bigint>,
  uncovered: Map<string, bigint>,
): bigint {
  let cardNet = 0n;
  let refunds = 0n;
  for (const [card, cents] of byCard) {
    cardNet += cents;
    if (cents > 0n) {
      refunds += cents;
      add(covered, card, -cents);
    }
  }
  const funded = category.carriedIn + category.assigned + (category.activity - cardNet) + refunds;
  let left = funded > 0n ? funded : 0n;
  let debt = category.available < 0n ? -category.available : 0n;
  let cardDebt = 0n;
  for (const card of envelopeIds) {
    const cents = byCard.get(card) ?? 0n;
    if (cents >= 0n) continue;
    const spent = -cents;
    const paid = left < spent ? left : spent;
    left -= paid;
    add(covered, card, paid);
    const short = spent - paid < debt ? spent - paid : debt;
    debt -= short;
    cardDebt += short;
    add(uncovered, card, short);
  }
  return cardDebt;
}

function step(
  last: MonthFigures | null,
  month: string,
  events: MonthEvents | undefined,
  places: { categoryIds: ReadonlySet<string>; envelopeIds: readonly string[] },
  ruleOf: (categoryId: string, month: string) => RuleInEffect,
): MonthFigures {
  let returned = 0n;
  let overspending = 0n;
  const categories = new Map<string, CategoryMonth>();
  const covered = new Map<string, bigint>();
  const uncovered = new Map<string, bigint>();
  for (const id of places.categoryIds) {
    const before = last?.categories.get(id);
    let carriedIn = 0n;
    if (before !== undefined) {
      // Card debt leaves the category: the rule carries the rest.
      const left = before.available + before.cardDebt;
      carriedIn = carriedBy(before.rule, left);
      const rest = left - carriedIn;
      if (rest > 0n) returned += rest;
      else overspending += rest;
    }
    const assigned = events?.assignedNet.get(id) ?? 0n;
    const activity = events?.flows.get(id) ?? 0n;
    const available = carriedIn + assigned + activity;
    const byCard = events?.cardSpending.get(id);
    const cardDebt =
      byCard === undefined
        ? 0n
        : meetCardSpending(
            byCard,
            places.envelopeIds,
            { carriedIn, assigned, activity, available },
            covered,
            uncovered,
          );
    categories.set(id, {
      carriedIn,
      assigned,
      activity,
      available,
      rule: ruleOf(id, month),
      cardDebt,
    });
  }
  const envelopes = new Map<string, EnvelopeMonth>();
  for (const id of places.envelopeIds) {
    const carriedIn = last?.envelopes.get(id)?.available ?? 0n;
    const assigned = events?.assignedNet.get(id) ?? 0n;
    const fromSpending = covered.get(id) ?? 0n;
    const payments = events?.payments.get(id) ?? 0n;
    envelopes.set(id, {
      carriedIn,
      assigned,
      covered: fromSpending,
      payments,
      available: carriedIn + assigned + fromSpending - payments,
      uncoveredSpending: uncovered.get(id) ?? 0n,
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
  return { month, toAssign, parts, categories, envelopes };
}
