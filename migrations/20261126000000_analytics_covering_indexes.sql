-- Analytics (docs/analytics.md): the charts sum the live entries of a period by date. These
-- indexes carry what they sum (type, amount, account, category), so a chart reads the index
-- alone (an index-only scan) instead of fetching every entry of the period from the table.
CREATE INDEX transactions_book_date_totals_idx ON transactions (book_id, occurred_on)
  INCLUDE (transaction_type, amount_cents, account_id, category_id) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_account_date_totals_idx ON transactions (account_id, occurred_on)
  INCLUDE (transaction_type, amount_cents, category_id)
  WHERE deleted_at IS NULL AND account_id IS NOT NULL;
