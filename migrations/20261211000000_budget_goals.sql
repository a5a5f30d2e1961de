-- Goals per spending category (docs/budgets.md#goals): a monthly amount, an amount by a month
-- ("1,200 by December"), or a refill up to an amount each month. One goal per category; the
-- budget computes from it what the month still needs, and "fill from goals" assigns that.
CREATE TABLE budget_goals (
  category_id uuid PRIMARY KEY REFERENCES categories (id) ON DELETE CASCADE,
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('monthly', 'by-date', 'refill')),
  -- Minor units of the book's base currency.
  amount_cents bigint NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 100000000000),
  -- The first day of the month a by-date goal is due.
  target_month date CHECK (target_month IS NULL OR extract(day FROM target_month) = 1),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((kind = 'by-date') = (target_month IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX budget_goals_book_idx ON budget_goals (book_id);
