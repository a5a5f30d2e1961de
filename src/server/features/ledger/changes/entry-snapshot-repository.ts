import { sql, type RawBuilder } from 'kysely';

// The SQL half of an entry's snapshot (entry-snapshot.ts): how a statement that changes an entry
// writes the `before` or `after` its history row keeps.

/**
 * The snapshot of the transactions row `entry` (a table or CTE name) as SQL. jsonb, so the text
 * has one canonical form whichever way it was written. An entry that may be split (anything
 * already in the ledger) needs `withSplits`: its lines are read from entry_splits; a row being
 * inserted has none yet.
 */
export function entrySnapshotSql(
  entry: string,
  options: { withSplits: boolean } = { withSplits: false },
): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${entry}.${name}`);
  const splits = options.withSplits
    ? sql`coalesce((SELECT jsonb_agg(jsonb_build_object(
          'categoryId', s.category_id, 'amountCents', s.amount_cents::text, 'note', s.note)
          ORDER BY s.position)
        FROM entry_splits s
        WHERE s.book_id = ${column('book_id')} AND s.entry_id = ${column('id')}), '[]'::jsonb)`
    : sql`'[]'::jsonb`;
  // An uncleared entry's snapshot has no `cleared` key (docs/ledger.md#reconciliation).
  return sql<string>`(jsonb_build_object(
    'accountId', ${column('account_id')},
    'type', ${column('transaction_type')},
    'amountCents', ${column('amount_cents')}::text,
    'occurredOn', ${column('occurred_on')}::text,
    'description', ${column('description')},
    'payee', ${column('payee')},
    'categoryId', ${column('category_id')},
    'tags', to_jsonb(${column('tags')}),
    'splits', ${splits},
    'deleted', ${column('deleted_at')} IS NOT NULL
  ) || CASE WHEN ${column('cleared_state')} = 'uncleared' THEN '{}'::jsonb
       ELSE jsonb_build_object('cleared', ${column('cleared_state')}) END)::text`;
}
