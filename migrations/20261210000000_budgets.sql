-- The envelope budget (docs/budgets.md).
--
-- 1. Each account is on budget (its money can be assigned) or tracking only. Loans are tracking
--    only; every other type starts on budget, the legacy "other" wallets included (they were every
--    account's default and hold spending money).
ALTER TABLE accounts ADD COLUMN on_budget boolean NOT NULL DEFAULT true;
--> statement-breakpoint
UPDATE accounts SET on_budget = false WHERE account_type = 'loan';
--> statement-breakpoint
-- 2. The budget's log: every assignment, move, cover, hold and rollover rule a person set, and the
--    undo of one, as rows that are never rewritten but for two marks an undo sets (`counts` on the
--    action it reverses, `undone_by_id` on the row it undoes). What a month shows is computed from
--    the rows that count and the ledger (docs/budgets.md#the-log).
CREATE TABLE budget_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order the log recorded its rows in (the latest rollover rule wins; history pages).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The first day of the budget month the action belongs to.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  kind text NOT NULL CHECK (kind IN ('assign', 'move', 'cover', 'hold', 'rollover', 'undo')),
  -- Where the money went and where it came from; NULL is To assign. A deleted category takes its
  -- rows with it: what was assigned to it is back in To assign, as if never assigned.
  category_id uuid REFERENCES categories (id) ON DELETE CASCADE,
  from_category_id uuid REFERENCES categories (id) ON DELETE CASCADE,
  -- Minor units of the book's base currency moved from from_category_id to category_id (assign:
  -- the difference the person's new figure made; hold: the change of the amount held).
  amount_cents bigint NOT NULL DEFAULT 0 CHECK (amount_cents BETWEEN -200000000000 AND 200000000000),
  rollover text CHECK (rollover IN ('surplus', 'both', 'none', 'capped')),
  rollover_cap_cents bigint CHECK (rollover_cap_cents BETWEEN 0 AND 100000000000),
  undoes_id uuid REFERENCES budget_actions (id) ON DELETE CASCADE,
  undone_by_id uuid REFERENCES budget_actions (id) ON DELETE SET NULL,
  -- false once undone (an undo of that undo sets it back).
  counts boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((kind = 'rollover') = (rollover IS NOT NULL)),
  CHECK ((rollover = 'capped') = (rollover_cap_cents IS NOT NULL)),
  CHECK ((kind = 'undo') = (undoes_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX budget_actions_book_month_idx ON budget_actions (book_id, month, seq);
--> statement-breakpoint
CREATE INDEX budget_actions_book_seq_idx ON budget_actions (book_id, seq DESC);
--> statement-breakpoint
-- 3. What the ledger puts in each category per account and month, in the base currency: the
--    budget reads these few rows instead of every entry (docs/budgets.md#speed). Kept by the
--    server from the marks below, never by hand.
CREATE TABLE budget_activity (
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  month date NOT NULL,
  -- NULL: no category, a split entry's rounding remainder, or a transfer leg.
  category_id uuid,
  amount_cents bigint NOT NULL,
  base_cents bigint NOT NULL,
  -- Entries in another currency without a recorded conversion: in neither sum above.
  unconverted integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX budget_activity_book_month_idx ON budget_activity (book_id, month);
--> statement-breakpoint
CREATE INDEX budget_activity_account_month_idx ON budget_activity (account_id, month);
--> statement-breakpoint
-- Months of an account whose budget_activity is out of date: written by the statements that change
-- entries or split lines (one row per account and month, whoever wrote first), taken away by the
-- read that brings them up to date.
CREATE TABLE budget_dirty (
  account_id uuid NOT NULL,
  month date NOT NULL,
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, month)
);
--> statement-breakpoint
CREATE INDEX budget_dirty_book_idx ON budget_dirty (book_id);
--> statement-breakpoint
-- The marks: statement-level triggers, so an import of 5,000 entries writes one mark per account
-- and month it touched. An update marks only when a row changed what the budget sums (a trigger
-- with transition tables cannot name its columns).
CREATE FUNCTION budget_mark_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT account_id, date_trunc('month', occurred_on)::date, book_id
    FROM changed_new WHERE account_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT o.account_id, date_trunc('month', o.occurred_on)::date, o.book_id
    FROM changed_old o WHERE o.account_id IS NOT NULL
      -- A book being deleted takes its rows with it.
      AND EXISTS (SELECT 1 FROM books b WHERE b.id = o.book_id)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT x.account_id, date_trunc('month', x.occurred_on)::date, x.book_id
    FROM changed_old o JOIN changed_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.account_id, o.occurred_on, o.book_id),
                               (n.account_id, n.occurred_on, n.book_id)) AS x (account_id, occurred_on, book_id)
    WHERE x.account_id IS NOT NULL
      AND (o.account_id, o.occurred_on, o.amount_cents, o.transaction_type, o.category_id,
           o.deleted_at, o.base_amount, o.base_recorded)
          IS DISTINCT FROM
          (n.account_id, n.occurred_on, n.amount_cents, n.transaction_type, n.category_id,
           n.deleted_at, n.base_amount, n.base_recorded)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_budget_inserted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_entries();
--> statement-breakpoint
CREATE TRIGGER transactions_budget_updated AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_entries();
--> statement-breakpoint
CREATE TRIGGER transactions_budget_deleted AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_entries();
--> statement-breakpoint
-- A split line's month is its entry's. Lines change with their entry or alone (a new split).
CREATE FUNCTION budget_mark_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT t.account_id, date_trunc('month', t.occurred_on)::date, t.book_id
    FROM changed_new l JOIN transactions t ON t.id = l.entry_id
    WHERE t.account_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO budget_dirty (account_id, month, book_id)
    SELECT DISTINCT t.account_id, date_trunc('month', t.occurred_on)::date, t.book_id
    FROM changed_old l JOIN transactions t ON t.id = l.entry_id
    WHERE t.account_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER entry_splits_budget_inserted AFTER INSERT ON entry_splits
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_lines();
--> statement-breakpoint
CREATE TRIGGER entry_splits_budget_updated AFTER UPDATE ON entry_splits
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_lines();
--> statement-breakpoint
CREATE TRIGGER entry_splits_budget_deleted AFTER DELETE ON entry_splits
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION budget_mark_lines();
--> statement-breakpoint
-- Every existing entry's month is out of date until first read.
INSERT INTO budget_dirty (account_id, month, book_id)
SELECT DISTINCT account_id, date_trunc('month', occurred_on)::date, book_id
FROM transactions WHERE account_id IS NOT NULL;
