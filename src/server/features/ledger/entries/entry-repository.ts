import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import { queryTemplate } from '../../../db/query-template.js';
import type { AccountRow, EntrySplitRow, EntryType, TransactionRow } from '../../../db/schema.js';
import type { MovementType } from '../../../../shared/schemas/ledger.js';
import { CREATED_FIELDS } from '../changes/entry-snapshot.js';
import { entrySnapshotSql } from '../changes/entry-snapshot-repository.js';

// The ledger (docs/architecture.md#data-access): the transactions table, its split lines and
// its history (entry_changes, entry_history), and the one statement that moves a balance
// together with its entry and that entry's history (docs/money.md, docs/ledger.md).

/**
 * An entry's columns as the ledger reads them: search_text is the trigger's business, the
 * import's columns are read by the import alone (docs/import.md), and the recorded conversion by
 * the analytics alone (docs/analytics.md#recorded-conversions).
 */
export type EntryRow = Omit<
  TransactionRow,
  | 'search_text'
  | 'import_batch_id'
  | 'bank_ref'
  | 'import_fingerprint'
  | 'import_occurrence'
  | 'base_amount'
  | 'base_recorded'
>;

/** The entry columns every read returns. */
export const ENTRY_COLUMNS = [
  'seq',
  'id',
  'book_id',
  'created_by',
  'account_id',
  'transaction_type',
  'amount_cents',
  'description',
  'occurred_on',
  'category_id',
  'payee',
  'tags',
  'transfer_id',
  'deleted_at',
  'cleared_state',
  'version',
  'created_at',
  'updated_at',
] as const;

/** The optional fields of a new entry; null or left out takes the default. */
export interface EntryExtras {
  /** 'YYYY-MM-DD'; null: today in the book's time zone (UTC while it has none). */
  occurredOn: string | null;
  categoryId: string | null;
  payee: string;
  tags: string[];
}

/** Today in the book's time zone, UTC while the book has none: the default occurredOn. */
const bookToday = (bookId: string) =>
  sql<string>`(clock_timestamp() AT TIME ZONE coalesce(
    (SELECT time_zone FROM books WHERE id = ${bookId}::uuid), 'UTC'))::date`;

/** True when no category is named or the named one is the book's. */
const categoryOfBook = (bookId: string, categoryId: string | null) =>
  sql<boolean>`(${categoryId}::uuid IS NULL OR EXISTS (
    SELECT 1 FROM categories WHERE book_id = ${bookId}::uuid AND id = ${categoryId}::uuid))`;

/** The split lines of some entries of a book, in their order. */
export function findSplitLines(
  db: DbOrTx,
  bookId: string,
  entryIds: readonly string[],
): Promise<EntrySplitRow[]> {
  return db
    .selectFrom('entry_splits')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('entry_id', 'in', entryIds)
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
}

/** Both legs of some transfers of a book: which account each leg is on, and its amount. */
export function findTransferLegs(
  db: DbOrTx,
  bookId: string,
  transferIds: readonly string[],
): Promise<
  {
    transfer_id: string | null;
    account_id: string | null;
    transaction_type: EntryType;
    amount_cents: TransactionRow['amount_cents'];
    currency: string;
  }[]
> {
  // Each leg with its own amount and its account's currency: between two currencies the legs'
  // amounts differ (docs/ledger.md#between-two-currencies).
  return db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .select(['t.transfer_id', 't.account_id', 't.transaction_type', 't.amount_cents', 'a.currency'])
    .where('t.book_id', '=', bookId)
    .where('t.transfer_id', 'in', transferIds)
    .execute();
}

/**
 * Whether a book has, or ever had, an entry without an account (an expense in its base currency,
 * live or deleted): its base currency is then fixed (docs/money.md#account-currency).
 */
export async function hasUnbookedEntries(db: DbOrTx, bookId: string): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('book_id', '=', bookId)
    .where('account_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the creation statements return: the entry and the change that recorded it. */
type CreatedRow = EntryRow & { change_id: string };

/**
 * The data-modifying CTEs that record the creation of the entry in `entry` as a change of kind
 * 'create' with its history row. Statement-level foreign key checks see all three inserts.
 */
function recordCreation(actorId: string) {
  return {
    change: sql<{ id: string }>`(INSERT INTO entry_changes (book_id, actor_id, kind)
      SELECT book_id, ${actorId}::uuid, 'create' FROM entry
      RETURNING id)`,
    history: sql<{
      id: string;
    }>`(INSERT INTO entry_history (book_id, change_id, entry_id, fields, before, after)
      SELECT entry.book_id, change.id, entry.id, ${sql.val([...CREATED_FIELDS])}::text[], NULL,
             ${entrySnapshotSql('entry')}
      FROM entry, change
      RETURNING id)`,
  };
}

/**
 * Records an entry that moves no balance (an expense without an account), with its history,
 * in one statement. Returns undefined, having written nothing, when the category is not the
 * book's.
 */
const insertUnbookedEntry = queryTemplate(
  (
    db,
    bookId: string,
    actorId: string,
    type: MovementType,
    amountCents: string,
    description: string,
    occurredOn: string | null,
    categoryId: string | null,
    payee: string,
    tags: string[],
    currency: string,
  ) => {
    const { change, history } = recordCreation(actorId);
    return db
      .with(
        'entry',
        () =>
          sql<EntryRow>`(INSERT INTO transactions (book_id, created_by, account_id, transaction_type,
            amount_cents, description, occurred_on, category_id, payee, tags)
          SELECT ${bookId}::uuid, ${actorId}::uuid, NULL, ${type}::text, ${amountCents}::bigint,
                 ${description}::text, coalesce(${occurredOn}::date, ${bookToday(bookId)}),
                 ${categoryId}::uuid, ${payee}::text, ${tags}::text[]
          WHERE ${categoryOfBook(bookId, categoryId)}
            AND (SELECT base_currency FROM books WHERE id = ${bookId}::uuid FOR SHARE) = ${currency}::text
          RETURNING ${sql.join(ENTRY_COLUMNS.map((c) => sql.ref(c)))})`,
      )
      .with('change', () => change)
      .with('history', () => history)
      .selectFrom('entry')
      .crossJoin('change')
      .selectAll('entry')
      .select('change.id as change_id');
  },
  10,
);

export async function insertEntryWithoutAccount(
  db: DbOrTx,
  e: {
    bookId: string;
    actorId: string;
    type: MovementType;
    amountCents: bigint;
    /**
     * The base currency the amount was read in: nothing is written when the book's is no longer
     * it (the row lock waits for a change of it to commit, docs/money.md#account-currency).
     */
    currency: string;
    description: string;
    extras: EntryExtras;
  },
): Promise<CreatedRow | undefined> {
  const [row] = await insertUnbookedEntry(
    db,
    e.bookId,
    e.actorId,
    e.type,
    e.amountCents.toString(),
    e.description,
    e.extras.occurredOn,
    e.extras.categoryId,
    e.extras.payee,
    e.extras.tags,
    e.currency,
  );
  return row;
}

export interface MovementStatement {
  bookId: string;
  actorId: string;
  accountId: string;
  type: MovementType;
  /** Signed change of the balance; the entry records its magnitude. */
  deltaCents: bigint;
  amountCents: bigint;
  maxCents: bigint;
  /**
   * The currency the amount was read in: the statement moves nothing when the account is no
   * longer in it (docs/money.md#account-currency).
   */
  currency: string;
  /** The entry's description, or null to use `defaultPrefix` + the account's title. */
  description: string | null;
  defaultPrefix: string;
  extras: EntryExtras;
}

/**
 * Moves a balance and writes its entry and the entry's history in ONE statement: the guarded
 * UPDATE, the INSERT of the entry, of its change and of its history row are data-modifying
 * CTEs, so they commit together or not at all, with one round trip and the account's row lock
 * held only for that statement. The guard keeps the balance within [-credit limit, maxCents] and
 * the category within the book; the row lock serialises concurrent movements on one account.
 * Returns undefined (having changed nothing) when the account is missing, not the book's,
 * deleted, or refused, or the category is not the book's.
 */
const moveAndRecord = queryTemplate(
  (
    db,
    accountId: string,
    bookId: string,
    deltaCents: string,
    maxCents: string,
    categoryId: string | null,
    actorId: string,
    type: MovementType,
    amountCents: string,
    description: string | null,
    defaultPrefix: string,
    occurredOn: string | null,
    payee: string,
    tags: string[],
    currency: string,
  ) => {
    const { change, history } = recordCreation(actorId);
    return db
      .with('moved', (qb) =>
        qb
          .updateTable('accounts')
          .set({
            balance_cents: sql<string>`balance_cents + ${deltaCents}::bigint`,
            updated_at: sql<Date>`clock_timestamp()`,
          })
          .where('id', '=', accountId)
          .where('book_id', '=', bookId)
          .where('deleted_at', 'is', null)
          .where('currency', '=', currency)
          .where(
            sql<boolean>`balance_cents + ${deltaCents}::bigint BETWEEN -credit_limit_cents AND ${maxCents}::bigint`,
          )
          .where(categoryOfBook(bookId, categoryId))
          .returningAll(),
      )
      .with(
        'entry',
        () =>
          sql<EntryRow>`(INSERT INTO transactions (book_id, created_by, account_id, transaction_type,
            amount_cents, description, occurred_on, category_id, payee, tags)
          SELECT moved.book_id, ${actorId}::uuid, moved.id, ${type}::text, ${amountCents}::bigint,
                 coalesce(${description}::text, ${defaultPrefix}::text || moved.title),
                 coalesce(${occurredOn}::date, ${bookToday(bookId)}),
                 ${categoryId}::uuid, ${payee}::text, ${tags}::text[]
          FROM moved
          RETURNING ${sql.join(ENTRY_COLUMNS.map((c) => sql.ref(c)))})`,
      )
      .with('change', () => change)
      .with('history', () => history)
      .selectFrom('moved')
      .crossJoin('entry')
      .crossJoin('change')
      .selectAll('moved')
      .select([
        'entry.seq as entry_seq',
        'entry.id as entry_id',
        'entry.transaction_type as entry_type',
        'entry.amount_cents as entry_amount_cents',
        'entry.description as entry_description',
        'entry.occurred_on as entry_occurred_on',
        'entry.category_id as entry_category_id',
        'entry.payee as entry_payee',
        'entry.tags as entry_tags',
        'entry.version as entry_version',
        'entry.created_at as entry_created_at',
        'entry.updated_at as entry_updated_at',
        'change.id as change_id',
      ]);
  },
  14,
);

export async function applyMovement(
  db: DbOrTx,
  m: MovementStatement,
): Promise<{ account: AccountRow; entry: EntryRow; changeId: string } | undefined> {
  // Cents travel as text and are cast in SQL, so neither driver meets a JS bigint.
  const [row] = await moveAndRecord(
    db,
    m.accountId,
    m.bookId,
    m.deltaCents.toString(),
    m.maxCents.toString(),
    m.extras.categoryId,
    m.actorId,
    m.type,
    m.amountCents.toString(),
    m.description,
    m.defaultPrefix,
    m.extras.occurredOn,
    m.extras.payee,
    m.extras.tags,
    m.currency,
  );
  if (!row) return undefined;
  const {
    entry_seq,
    entry_id,
    entry_type,
    entry_amount_cents,
    entry_description,
    entry_occurred_on,
    entry_category_id,
    entry_payee,
    entry_tags,
    entry_version,
    entry_created_at,
    entry_updated_at,
    change_id,
    ...account
  } = row;
  return {
    account,
    changeId: change_id,
    entry: {
      seq: entry_seq,
      id: entry_id,
      book_id: account.book_id,
      created_by: m.actorId,
      account_id: account.id,
      transaction_type: entry_type,
      amount_cents: entry_amount_cents,
      description: entry_description,
      occurred_on: entry_occurred_on,
      category_id: entry_category_id,
      payee: entry_payee,
      tags: entry_tags,
      transfer_id: null,
      deleted_at: null,
      cleared_state: 'uncleared',
      version: entry_version,
      created_at: entry_created_at,
      updated_at: entry_updated_at,
    },
  };
}
