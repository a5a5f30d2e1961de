-- Recorded conversions (docs/analytics.md#recorded-conversions, decision 037): each entry's and
-- each split line's amount in its book's base currency, kept beside it so a chart over 100,000
-- entries sums a column instead of converting every entry on every read. The value is derived:
-- the rate rule of docs/rates.md#lookup decides it, and a row whose value may no longer be what
-- that rule gives is marked not recorded (base_recorded false), never left wrong:
--   - an entry changed in amount, day, account or deletion, here by trigger;
--   - a split line changed in amount, or whose entry changed day, account or deletion;
--   - the book's base currency or an account's currency changed;
--   - a rate added, changed or removed: a row in rate_changes names the days, and the server
--     marks the entries of those days (and the window after them) before it records again.
-- base_amount is magnitude, like amount_cents: NULL with base_recorded means "no rate" (the
-- entry is not converted). A row not recorded is converted on read, as before.
ALTER TABLE transactions
  ADD COLUMN base_amount bigint,
  ADD COLUMN base_recorded boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE entry_splits
  ADD COLUMN base_amount bigint,
  ADD COLUMN base_recorded boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- What the recorder has left to do, found through small indexes.
CREATE INDEX transactions_unrecorded_idx ON transactions (book_id, occurred_on)
  WHERE NOT base_recorded AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX entry_splits_unrecorded_idx ON entry_splits (book_id, entry_id)
  WHERE NOT base_recorded;
--> statement-breakpoint
-- The charts' covering indexes (20261126000000) carry the recorded amount too, so a chart in the
-- base currency still reads the index alone.
DROP INDEX transactions_book_date_totals_idx;
--> statement-breakpoint
CREATE INDEX transactions_book_date_totals_idx ON transactions (book_id, occurred_on)
  INCLUDE (transaction_type, amount_cents, account_id, category_id, base_amount, base_recorded)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX transactions_account_date_totals_idx;
--> statement-breakpoint
CREATE INDEX transactions_account_date_totals_idx ON transactions (account_id, occurred_on)
  INCLUDE (transaction_type, amount_cents, category_id, base_amount, base_recorded)
  WHERE deleted_at IS NULL AND account_id IS NOT NULL;
--> statement-breakpoint
-- The entries without a rate (and those not recorded yet): the charts' "not converted" part.
CREATE INDEX transactions_base_missing_idx ON transactions (book_id, occurred_on)
  WHERE base_amount IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
-- Days whose rates changed, per book, until the server has marked their entries. Appended by the
-- statement that changed the rates, so it commits with them; never waits on an entry's lock.
CREATE TABLE rate_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  from_day date NOT NULL,
  to_day date NOT NULL
);
--> statement-breakpoint
CREATE INDEX rate_changes_book_idx ON rate_changes (book_id);
--> statement-breakpoint
CREATE FUNCTION rate_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A book being deleted takes its rates with it: nothing is left to mark there.
  INSERT INTO rate_changes (book_id, from_day, to_day)
  SELECT c.book_id, min(c.day), max(c.day) FROM changed_rates c
  WHERE EXISTS (SELECT 1 FROM books b WHERE b.id = c.book_id)
  GROUP BY c.book_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exchange_rates_inserted AFTER INSERT ON exchange_rates
  REFERENCING NEW TABLE AS changed_rates FOR EACH STATEMENT EXECUTE FUNCTION rate_changes_note();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_updated AFTER UPDATE ON exchange_rates
  REFERENCING NEW TABLE AS changed_rates FOR EACH STATEMENT EXECUTE FUNCTION rate_changes_note();
--> statement-breakpoint
-- An update that moved a rate to another day also changed the day it left.
CREATE TRIGGER exchange_rates_updated_from AFTER UPDATE ON exchange_rates
  REFERENCING OLD TABLE AS changed_rates FOR EACH STATEMENT EXECUTE FUNCTION rate_changes_note();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_deleted AFTER DELETE ON exchange_rates
  REFERENCING OLD TABLE AS changed_rates FOR EACH STATEMENT EXECUTE FUNCTION rate_changes_note();
--> statement-breakpoint
CREATE FUNCTION transactions_conversion_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.base_recorded := false;
  NEW.base_amount := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_conversion_reset_trg BEFORE UPDATE OF amount_cents, occurred_on,
  account_id, deleted_at ON transactions FOR EACH ROW
  WHEN (OLD.amount_cents IS DISTINCT FROM NEW.amount_cents
    OR OLD.occurred_on IS DISTINCT FROM NEW.occurred_on
    OR OLD.account_id IS DISTINCT FROM NEW.account_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION transactions_conversion_reset();
--> statement-breakpoint
CREATE TRIGGER entry_splits_conversion_reset_trg BEFORE UPDATE OF amount_cents ON entry_splits
  FOR EACH ROW WHEN (OLD.amount_cents IS DISTINCT FROM NEW.amount_cents)
  EXECUTE FUNCTION transactions_conversion_reset();
--> statement-breakpoint
-- A split line converts at its entry's day and in its entry's account's currency.
CREATE FUNCTION entry_splits_follow_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entry_splits SET base_recorded = false, base_amount = NULL
  WHERE book_id = NEW.book_id AND entry_id = NEW.id AND base_recorded;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER entry_splits_follow_entry_trg AFTER UPDATE OF occurred_on, account_id, deleted_at
  ON transactions FOR EACH ROW
  WHEN (OLD.occurred_on IS DISTINCT FROM NEW.occurred_on
    OR OLD.account_id IS DISTINCT FROM NEW.account_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION entry_splits_follow_entry();
--> statement-breakpoint
-- Another base currency changes every figure of the book.
CREATE FUNCTION books_conversion_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET base_recorded = false, base_amount = NULL
  WHERE book_id = NEW.id AND base_recorded;
  UPDATE entry_splits SET base_recorded = false, base_amount = NULL
  WHERE book_id = NEW.id AND base_recorded;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_conversion_reset_trg AFTER UPDATE OF base_currency ON books FOR EACH ROW
  WHEN (OLD.base_currency IS DISTINCT FROM NEW.base_currency)
  EXECUTE FUNCTION books_conversion_reset();
--> statement-breakpoint
-- An account's currency changes only while it has no live entry; its deleted ones follow it.
CREATE FUNCTION accounts_conversion_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET base_recorded = false, base_amount = NULL
  WHERE book_id = NEW.book_id AND account_id = NEW.id AND base_recorded;
  UPDATE entry_splits s SET base_recorded = false, base_amount = NULL
  FROM transactions t
  WHERE t.book_id = NEW.book_id AND t.account_id = NEW.id
    AND s.book_id = t.book_id AND s.entry_id = t.id AND s.base_recorded;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_conversion_reset_trg AFTER UPDATE OF currency ON accounts FOR EACH ROW
  WHEN (OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION accounts_conversion_reset();
