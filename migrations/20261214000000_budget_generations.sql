-- What a budget read may keep between reads (docs/budgets.md#speed): each book's generation, a
-- fresh random token written by every change to what the budget's months are computed from, in
-- the changing transaction. A server keeps the rows it read for a book with the token it read
-- before them, and uses them again only while the token is the same. A random token, not a
-- counter: a transaction that rolls back leaves nothing another could reuse.
--
-- The ledger's own changes reach budget_activity only through the marks, so they need no trigger
-- here: a read that finds marks sums them again, and that changes the token.
CREATE TABLE budget_generations (
  book_id uuid PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE,
  token uuid NOT NULL
);
--> statement-breakpoint
-- A new token for each of `books` that still exists (a book being deleted takes its rows along).
CREATE FUNCTION budget_bump(books uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO budget_generations (book_id, token)
  SELECT b.id, gen_random_uuid() FROM books b WHERE b.id = ANY (books)
  ON CONFLICT (book_id) DO UPDATE SET token = excluded.token;
$$;
--> statement-breakpoint
-- The budget's own tables: one new token per statement and book.
CREATE FUNCTION budget_bump_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM budget_bump(ARRAY(SELECT DISTINCT book_id FROM changed_old));
  ELSE
    PERFORM budget_bump(ARRAY(SELECT DISTINCT book_id FROM changed_new));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_activity_bump_inserted AFTER INSERT ON budget_activity
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
CREATE TRIGGER budget_activity_bump_updated AFTER UPDATE ON budget_activity
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
CREATE TRIGGER budget_activity_bump_deleted AFTER DELETE ON budget_activity
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
CREATE TRIGGER budget_actions_bump_inserted AFTER INSERT ON budget_actions
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
CREATE TRIGGER budget_actions_bump_updated AFTER UPDATE ON budget_actions
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
CREATE TRIGGER budget_actions_bump_deleted AFTER DELETE ON budget_actions
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION budget_bump_statement();
--> statement-breakpoint
-- What the read joins besides: which accounts are on budget, live, cards; which categories are
-- spending ones; whether the book has card envelopes and which currency it counts in. Rare
-- changes, so one token per row.
CREATE FUNCTION budget_bump_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'books' THEN
    PERFORM budget_bump(ARRAY[NEW.id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM budget_bump(ARRAY[OLD.book_id]);
  ELSE
    PERFORM budget_bump(ARRAY[NEW.book_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_budget_bump
  AFTER INSERT OR DELETE OR UPDATE OF on_budget, deleted_at, account_type, currency ON accounts
  FOR EACH ROW EXECUTE FUNCTION budget_bump_row();
--> statement-breakpoint
CREATE TRIGGER categories_budget_bump
  AFTER INSERT OR DELETE OR UPDATE OF group_id ON categories
  FOR EACH ROW EXECUTE FUNCTION budget_bump_row();
--> statement-breakpoint
CREATE TRIGGER category_groups_budget_bump
  AFTER INSERT OR DELETE OR UPDATE OF kind ON category_groups
  FOR EACH ROW EXECUTE FUNCTION budget_bump_row();
--> statement-breakpoint
CREATE TRIGGER books_budget_bump
  AFTER UPDATE OF card_envelopes, base_currency ON books
  FOR EACH ROW EXECUTE FUNCTION budget_bump_row();
