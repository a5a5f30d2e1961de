import type { Db } from '../../db/connect.js';
import { readSnapshot } from '../../db/read-snapshot.js';
import {
  BOOK_EXPORT_FORMAT,
  BOOK_EXPORT_VERSION,
  type ExportedBook,
  type HistoryField,
  type StoredSnapshotRecord,
} from '../../../shared/schemas/book-export.js';
import type { CategoryIcon } from '../../../shared/schemas/category.js';
import {
  readAccounts,
  readBook,
  readBudgetActions,
  readBudgetGoals,
  readCategories,
  readChanges,
  readEntries,
  readGroups,
  readHistory,
  readRates,
  readSplits,
} from './book-export-repository.js';

// The full export of a book (docs/analytics.md#full-export-and-restore); its restore starts in
// restore-service.ts.

const iso = (date: Date) => date.toISOString();
/** A stored snapshot as the file carries it: the JSON the server wrote (entry-snapshot.ts). */
const parseSnapshot = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as StoredSnapshotRecord);

/** Everything of a book, read in one repeatable-read snapshot so the parts agree. */
export async function exportBook(db: Db, bookId: string, now: Date): Promise<ExportedBook> {
  return readSnapshot(db, async (trx) => {
    const book = await readBook(trx, bookId);
    const accounts = await readAccounts(trx, bookId);
    const groups = await readGroups(trx, bookId);
    const categories = await readCategories(trx, bookId);
    const entries = await readEntries(trx, bookId);
    const splits = await readSplits(trx, bookId);
    const changes = await readChanges(trx, bookId);
    const history = await readHistory(trx, bookId);
    const rates = await readRates(trx, bookId);
    const budgetActions = await readBudgetActions(trx, bookId);
    const budgetGoals = await readBudgetGoals(trx, bookId);
    // Each leg's amount is in its own account's currency: a transfer between two currencies
    // has two amounts (what left, what arrived).
    const legs = new Map<
      string,
      { from?: string; to?: string; sent?: string; received?: string; on: string }
    >();
    for (const e of entries) {
      if (!e.transfer_id || e.deleted_at) continue;
      const leg = legs.get(e.transfer_id) ?? { on: e.occurred_on };
      if (e.transaction_type === 'transfer_out') {
        leg.from = e.account_id ?? undefined;
        leg.sent = String(e.amount_cents);
      } else {
        leg.to = e.account_id ?? undefined;
        leg.received = String(e.amount_cents);
      }
      legs.set(e.transfer_id, leg);
    }
    return {
      format: BOOK_EXPORT_FORMAT,
      version: BOOK_EXPORT_VERSION,
      exportedAt: iso(now),
      book: {
        name: book.name,
        timeZone: book.time_zone,
        baseCurrency: book.base_currency,
        cardEnvelopes: book.card_envelopes,
        budgetPeriod: {
          startDay: book.budget_period_day,
          weekend: book.budget_period_weekend,
        },
      },
      accounts: accounts.map((a) => ({
        id: a.id,
        title: a.title,
        description: a.description,
        icon: a.icon,
        color: a.color,
        type: a.account_type,
        currency: a.currency,
        onBudget: a.on_budget,
        balanceCents: String(a.balance_cents),
        creditLimitCents: String(a.credit_limit_cents),
        createdAt: iso(a.created_at),
        deleted: a.deleted_at !== null,
      })),
      categoryGroups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        kind: g.kind,
        position: g.position,
        archived: g.archived_at !== null,
      })),
      categories: categories.map((c) => ({
        id: c.id,
        groupId: c.group_id,
        name: c.name,
        icon: c.icon as CategoryIcon,
        color: c.color,
        position: c.position,
        archived: c.archived_at !== null,
      })),
      entries: entries.map((e) => ({
        id: e.id,
        accountId: e.account_id,
        type: e.transaction_type,
        amountCents: String(e.amount_cents),
        description: e.description,
        occurredOn: e.occurred_on,
        categoryId: e.category_id,
        payee: e.payee,
        tags: e.tags,
        transferId: e.transfer_id,
        // Left out while uncleared, as in the history snapshots (docs/ledger.md#reconciliation).
        ...(e.cleared_state !== 'uncleared' && { cleared: e.cleared_state }),
        version: e.version,
        deleted: e.deleted_at !== null,
        createdAt: iso(e.created_at),
        updatedAt: iso(e.updated_at),
      })),
      splits: splits.map((s) => ({
        entryId: s.entry_id,
        position: s.position,
        categoryId: s.category_id,
        amountCents: String(s.amount_cents),
        note: s.note,
      })),
      transfers: [...legs.entries()].flatMap(([id, leg]) =>
        leg.from && leg.to && leg.sent && leg.received
          ? [
              {
                id,
                fromAccountId: leg.from,
                toAccountId: leg.to,
                amountCents: leg.sent,
                ...(leg.received !== leg.sent && { receivedAmountCents: leg.received }),
                occurredOn: leg.on,
              },
            ]
          : [],
      ),
      changes: changes.map((c) => ({
        id: c.id,
        kind: c.kind,
        undoesId: c.undoes_id,
        undoneById: c.undone_by_id,
        createdAt: iso(c.created_at),
      })),
      history: history.map((h) => ({
        changeId: h.change_id,
        entryId: h.entry_id,
        fields: h.fields as HistoryField[],
        before: parseSnapshot(h.before),
        after: parseSnapshot(h.after) as StoredSnapshotRecord,
      })),
      rates: rates.map((r) => ({
        base: r.base_currency,
        quote: r.quote_currency,
        day: r.day,
        rate: r.rate,
        source: r.source,
      })),
      // The author stays out, as for changes: a restore records the person restoring.
      budgetActions: budgetActions.map((b) => ({
        id: b.id,
        month: b.month.slice(0, 7),
        kind: b.kind,
        categoryId: b.category_id,
        fromCategoryId: b.from_category_id,
        amountCents: String(b.amount_cents),
        rollover:
          b.rollover === null
            ? null
            : {
                rule: b.rollover,
                capCents: b.rollover_cap_cents === null ? null : String(b.rollover_cap_cents),
              },
        undoesId: b.undoes_id,
        undoneById: b.undone_by_id,
        counts: b.counts,
        createdAt: iso(b.created_at),
      })),
      budgetGoals: budgetGoals.map((g) => ({
        categoryId: g.category_id,
        kind: g.kind,
        amountCents: String(g.amount_cents),
        targetMonth: g.target_month === null ? null : g.target_month.slice(0, 7),
        createdAt: iso(g.created_at),
        updatedAt: iso(g.updated_at),
      })),
    };
  });
}
