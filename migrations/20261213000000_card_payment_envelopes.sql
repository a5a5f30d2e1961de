-- Credit-card payment envelopes (docs/budgets.md#credit-cards).
--
-- 1. Per book, whether credit cards get a payment envelope; off: a card is an ordinary on-budget
--    account, as before.
ALTER TABLE books ADD COLUMN card_envelopes boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- 2. The log can move money into and out of a card's payment envelope: the place is then the
--    card's account instead of a category (never both). Deleting the account takes its rows, as
--    deleting a category does.
ALTER TABLE budget_actions
  ADD COLUMN card_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  ADD COLUMN from_card_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  ADD CONSTRAINT budget_actions_one_place_check CHECK (category_id IS NULL OR card_id IS NULL),
  ADD CONSTRAINT budget_actions_one_source_check
    CHECK (from_category_id IS NULL OR from_card_id IS NULL);
--> statement-breakpoint
-- Which cards' envelopes hold rows (every read of the budget asks), and what deleting an account
-- cascades to.
CREATE INDEX budget_actions_card_idx ON budget_actions (card_id) WHERE card_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX budget_actions_from_card_idx ON budget_actions (from_card_id)
  WHERE from_card_id IS NOT NULL;
--> statement-breakpoint
-- 3. A transfer leg's sums say which account the other leg is on: a payment from checking to a
--    card is not income or spending but the card's envelope paying its debt.
ALTER TABLE budget_activity ADD COLUMN counter_account_id uuid;
--> statement-breakpoint
-- Every month is summed again by the next read, now with the other leg's account.
DELETE FROM budget_activity;
--> statement-breakpoint
INSERT INTO budget_dirty (account_id, month, book_id)
SELECT DISTINCT account_id, date_trunc('month', occurred_on)::date, book_id
FROM transactions WHERE account_id IS NOT NULL
ON CONFLICT DO NOTHING;
