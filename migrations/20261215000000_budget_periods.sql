-- Budget periods that start on a pay day (docs/budgets.md#budget-periods).
--
-- A book's budget months may start on day `budget_period_day` (its month's last day when the
-- month is shorter), moved off a weekend when `budget_period_weekend` says so: to the Friday
-- before, or the Monday after. A period keeps the name of the month it starts in, so the log's
-- months and budget_activity's keep their meaning: the period named. Day 1 and 'keep' are
-- calendar months, every book's until it chooses otherwise. src/shared/budget-periods.ts has the
-- same rules in TypeScript; tests check the two agree.
ALTER TABLE books ADD COLUMN budget_period_day smallint NOT NULL DEFAULT 1
  CHECK (budget_period_day BETWEEN 1 AND 31);
--> statement-breakpoint
ALTER TABLE books ADD COLUMN budget_period_weekend text NOT NULL DEFAULT 'keep'
  CHECK (budget_period_weekend IN ('keep', 'before', 'after'));
--> statement-breakpoint
-- The first day of the period named `label` (a month's first day).
CREATE FUNCTION budget_period_start(label date, start_day integer, weekend text) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
      WHEN weekend = 'before' AND extract(isodow FROM d) = 6 THEN d - 1
      WHEN weekend = 'before' AND extract(isodow FROM d) = 7 THEN d - 2
      WHEN weekend = 'after' AND extract(isodow FROM d) = 6 THEN d + 2
      WHEN weekend = 'after' AND extract(isodow FROM d) = 7 THEN d + 1
      ELSE d
    END
  FROM (SELECT label + (least(start_day,
      extract(day FROM (label + interval '1 month' - interval '1 day'))::integer) - 1) AS d) AS s
$$;
--> statement-breakpoint
-- The name (a month's first day) of the period `day` falls in: a start moved off a weekend can
-- fall in the month before or after its own, so the day's month and its neighbours are tried.
CREATE FUNCTION budget_period_of(day date, start_day integer, weekend text) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT max(c.label) FROM (VALUES
      ((date_trunc('month', day) + interval '1 month')::date),
      (date_trunc('month', day)::date),
      ((date_trunc('month', day) - interval '1 month')::date),
      ((date_trunc('month', day) - interval '2 months')::date)) AS c (label)
  WHERE budget_period_start(c.label, start_day, weekend) <= day
$$;
--> statement-breakpoint
-- The kept budget histories (migrations/20261214000000) follow the book's periods too.
DROP TRIGGER books_budget_bump ON books;
--> statement-breakpoint
CREATE TRIGGER books_budget_bump
  AFTER UPDATE OF card_envelopes, base_currency, budget_period_day, budget_period_weekend ON books
  FOR EACH ROW EXECUTE FUNCTION budget_bump_row();
