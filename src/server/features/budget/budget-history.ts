import type { DbOrTx } from '../../db/connect.js';
import { cardFlows } from './budget-card-flows.js';
import { BudgetHistoryCache } from './budget-history-cache.js';
import { budgetMonth, type BudgetHistory } from './budget-months.js';
import {
  readBudgetCategories,
  readBudgetFlows,
  readBudgetGeneration,
  readBudgetMoves,
  readCardEnvelopes,
  readRolloverRules,
  type BudgetCategoryRow,
  type CardRow,
} from './budget-repository.js';

// The budget's history: what the ledger put in each place per month, the log's counted money and
// rules, read once per change of the book's budget and kept (docs/budgets.md#speed).

/** The whole history of a book, parsed, as kept between reads. */
interface BookHistory {
  history: Omit<BudgetHistory, 'categoryIds' | 'envelopeIds'>;
  /** Per month, the entries not converted to the base currency. */
  notConverted: Map<string, number>;
  /** A live card's net per month (its balance's change). */
  cardNet: { month: string; cardId: string; cents: bigint }[];
  /** The places of the log's money that are card envelopes, with their month. */
  envelopeMoves: { month: string; id: string }[];
  /** The first month with money on an on-budget account or a counted action, or null. */
  firstMonth: string | null;
}

export interface LoadedHistory {
  history: BudgetHistory;
  notConverted: Map<string, number>;
  cards: CardRow[];
  /** What each card owes at the end of the month read (its balance, negated). */
  owed: Map<string, bigint>;
  firstMonth: string | null;
  categories: readonly BudgetCategoryRow[];
  /** Where the month's figures are kept: null when read inside a transaction (never kept). */
  kept: { bookId: string; key: string } | null;
}

type MonthWalk = ReturnType<typeof budgetMonth>;

/**
 * 64 books of 100,000 entries each keep about 5,000 parsed rows and a few months' figures: tens of
 * megabytes at most.
 */
const cache = new BudgetHistoryCache<BookHistory, MonthWalk>(64, 8);

/** Forgets every kept history (tests that change the database under a running server). */
export function forgetBudgetHistories(): void {
  cache.clear();
}

async function readBookHistory(
  db: DbOrTx,
  bookId: string,
  liveCards: readonly string[],
): Promise<BookHistory> {
  const [flowRows, moveRows, ruleRows] = await Promise.all([
    readBudgetFlows(db, bookId, liveCards),
    readBudgetMoves(db, bookId),
    readRolloverRules(db, bookId),
  ]);
  const notConverted = new Map<string, number>();
  const cardNet: BookHistory['cardNet'] = [];
  for (const row of flowRows) {
    notConverted.set(row.month, (notConverted.get(row.month) ?? 0) + Number(row.unconverted));
    if (row.card_id !== null) {
      cardNet.push({ month: row.month, cardId: row.card_id, cents: BigInt(row.base_cents) });
    }
  }
  const envelopeMoves: BookHistory['envelopeMoves'] = [];
  for (const row of moveRows) {
    if (row.to_card && row.category_id !== null) {
      envelopeMoves.push({ month: row.month, id: row.category_id });
    }
    if (row.from_card && row.from_category_id !== null) {
      envelopeMoves.push({ month: row.month, id: row.from_category_id });
    }
  }
  let firstMonth: string | null = null;
  for (const { month } of [...flowRows, ...moveRows, ...ruleRows]) {
    if (firstMonth === null || month < firstMonth) firstMonth = month;
  }
  return {
    firstMonth,
    history: {
      ...cardFlows(flowRows, new Set(liveCards)),
      moves: moveRows.map((row) => ({
        month: row.month,
        kind: row.kind,
        to: row.kind === 'hold' ? 'held' : row.category_id,
        from: row.from_category_id,
        cents: BigInt(row.cents),
      })),
      rules: ruleRows.map((row) => ({
        id: BigInt(row.seq),
        month: row.month,
        categoryId: row.category_id,
        rule: row.rollover,
        capCents: row.rollover_cap_cents === null ? null : BigInt(row.rollover_cap_cents),
      })),
    },
    notConverted,
    cardNet,
    envelopeMoves,
  };
}

/**
 * The ledger's flows, the log's money and rules up to `month` ('YYYY-MM-01'). Outside a
 * transaction the book's history is kept under its generation token, read before the rows: a
 * change that commits after the token was read changes the token, so the next read reads again.
 * Inside one, it may hold the transaction's own writes, which may yet roll back: read, not kept.
 */
export async function loadHistory(
  db: DbOrTx,
  bookId: string,
  month: string,
  known: { categories?: readonly BudgetCategoryRow[]; cards?: CardRow[] } = {},
): Promise<LoadedHistory> {
  const [categories, cards, generation] = await Promise.all([
    known.categories ?? readBudgetCategories(db, bookId),
    known.cards ?? readCardEnvelopes(db, bookId),
    db.isTransaction ? null : readBudgetGeneration(db, bookId),
  ]);
  const liveCards = cards.filter((card) => card.live).map((card) => card.id);
  let book: BookHistory;
  let kept: LoadedHistory['kept'] = null;
  if (db.isTransaction) {
    book = await readBookHistory(db, bookId, liveCards);
  } else {
    const key = `${generation ?? 'none'}:${liveCards.join(',')}`;
    book = await cache.history(bookId, key, () => readBookHistory(db, bookId, liveCards));
    kept = { bookId, key };
  }
  const owed = new Map<string, bigint>();
  for (const net of book.cardNet) {
    if (net.month <= month) owed.set(net.cardId, (owed.get(net.cardId) ?? 0n) - net.cents);
  }
  const envelopeIds = new Set(cards.map((card) => card.id));
  for (const move of book.envelopeMoves) if (move.month <= month) envelopeIds.add(move.id);
  return {
    history: {
      ...book.history,
      envelopeIds: [...envelopeIds],
      categoryIds: categories.filter((c) => c.spending).map((c) => c.id),
    },
    notConverted: book.notConverted,
    firstMonth: book.firstMonth,
    categories,
    cards,
    owed,
    kept,
  };
}

/** Every figure of `month` and the month before, computed once per kept history. */
export function monthFigures(loaded: LoadedHistory, month: string): MonthWalk {
  const compute = () => budgetMonth(loaded.history, month);
  const { kept, history } = loaded;
  if (kept === null) return compute();
  const walkKey = `${month}|${history.categoryIds.join(',')}|${(history.envelopeIds ?? []).join(',')}`;
  return cache.walk(kept.bookId, kept.key, walkKey, compute);
}
