-- Reconciliation (docs/ledger.md#reconciliation): each entry is uncleared, cleared (the person
-- saw it on the bank's statement) or reconciled (part of a finished reconciliation, locked
-- against silent edits). Every existing entry starts uncleared.
ALTER TABLE transactions ADD COLUMN cleared_state text NOT NULL DEFAULT 'uncleared'
  CHECK (cleared_state IN ('uncleared', 'cleared', 'reconciled'));
--> statement-breakpoint
-- One row per finished reconciliation: the account, the statement's date and balance, who did
-- it and the change that marked its entries reconciled (undoing that change removes the row).
-- Both references cascade, so a restore that empties the book takes these rows with it.
CREATE TABLE reconciliations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  statement_on date NOT NULL,
  statement_balance_cents bigint NOT NULL,
  change_id uuid NOT NULL,
  reconciled_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id),
  UNIQUE (book_id, change_id),
  FOREIGN KEY (book_id, account_id) REFERENCES accounts (book_id, id) ON DELETE CASCADE,
  FOREIGN KEY (book_id, change_id) REFERENCES entry_changes (book_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
-- The latest reconciliation of an account, for its page.
CREATE INDEX reconciliations_account_idx
  ON reconciliations (book_id, account_id, statement_on DESC, created_at DESC);
