-- Books own everything: accounts, categories and the ledger move from users into books, which
-- users reach through a membership. Every unique key and foreign key stays inside one book
-- (composite keys on book_id), so no row can ever point into another book. See docs/ledger.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE books (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- An IANA zone name; NULL until the person's browser chooses one (UTC meanwhile).
  time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64),
  -- The user whose personal book this is (NULL for books that are not anyone's personal book).
  personal_owner_id uuid UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE TABLE memberships (
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (book_id, user_id)
);
--> statement-breakpoint
CREATE INDEX memberships_user_idx ON memberships (user_id, role);
--> statement-breakpoint
INSERT INTO books (name, personal_owner_id, created_at)
SELECT 'Personal', id, created_at FROM users;
--> statement-breakpoint
INSERT INTO memberships (book_id, user_id, role, created_at)
SELECT id, personal_owner_id, 'owner', created_at FROM books;
--> statement-breakpoint
CREATE TABLE category_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('spending', 'income')),
  position integer NOT NULL DEFAULT 0,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX category_groups_name_key ON category_groups (book_id, lower(name));
--> statement-breakpoint
CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL,
  group_id uuid NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  icon text NOT NULL CHECK (icon ~ '^[a-z0-9-]{1,40}$'),
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  position integer NOT NULL DEFAULT 0,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id),
  FOREIGN KEY (book_id, group_id) REFERENCES category_groups (book_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX categories_name_key ON categories (book_id, group_id, lower(name));
--> statement-breakpoint
-- The default categories of a new book; the one list, used here and by the code creating books.
CREATE FUNCTION seed_default_categories(target_book uuid) RETURNS void
LANGUAGE sql AS $$
  WITH grp(name, kind, position, children) AS (
    VALUES
      ('Food', 'spending', 0, ARRAY['Groceries|shopping-cart|#22c55e', 'Dining out|utensils|#f97316', 'Coffee|coffee|#a16207']),
      ('Housing', 'spending', 1, ARRAY['Rent|house|#6366f1', 'Utilities|zap|#eab308', 'Maintenance|wrench|#64748b']),
      ('Transport', 'spending', 2, ARRAY['Fuel|fuel|#ef4444', 'Public transport|bus|#0ea5e9', 'Taxi|car|#f59e0b']),
      ('Shopping', 'spending', 3, ARRAY['Clothing|shirt|#ec4899', 'Electronics|laptop|#8b5cf6', 'Household|sofa|#14b8a6']),
      ('Health', 'spending', 4, ARRAY['Pharmacy|pill|#10b981', 'Doctor|stethoscope|#06b6d4', 'Fitness|dumbbell|#84cc16']),
      ('Leisure', 'spending', 5, ARRAY['Entertainment|film|#d946ef', 'Travel|plane|#3b82f6', 'Subscriptions|repeat|#a855f7']),
      ('Bills', 'spending', 6, ARRAY['Phone|smartphone|#0891b2', 'Internet|wifi|#2563eb', 'Insurance|shield|#475569']),
      ('Income', 'income', 7, ARRAY['Salary|briefcase|#16a34a', 'Freelance|laptop|#059669', 'Interest|piggy-bank|#0d9488', 'Gifts|gift|#db2777', 'Refunds|undo-2|#65a30d'])
  ),
  inserted AS (
    INSERT INTO category_groups (book_id, name, kind, position)
    SELECT target_book, name, kind, position FROM grp
    RETURNING id, name
  )
  INSERT INTO categories (book_id, group_id, name, icon, color, position)
  SELECT target_book, inserted.id, split_part(child.value, '|', 1), split_part(child.value, '|', 2),
         split_part(child.value, '|', 3), (child.ordinality - 1)::integer
  FROM inserted
  JOIN grp ON grp.name = inserted.name
  CROSS JOIN LATERAL unnest(grp.children) WITH ORDINALITY AS child(value, ordinality);
$$;
--> statement-breakpoint
SELECT seed_default_categories(id) FROM books;
--> statement-breakpoint
-- Accounts belong to a book; user_id becomes who created it. Credit: the balance may go down
-- to minus the credit limit and never below.
ALTER TABLE accounts ADD COLUMN book_id uuid REFERENCES books (id) ON DELETE CASCADE;
--> statement-breakpoint
UPDATE accounts SET book_id = books.id FROM books WHERE books.personal_owner_id = accounts.user_id;
--> statement-breakpoint
ALTER TABLE accounts ALTER COLUMN book_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE accounts RENAME COLUMN user_id TO created_by;
--> statement-breakpoint
-- Who created a row is a record, not ownership: removing that user must not remove the row
-- from a book other people share.
ALTER TABLE accounts DROP CONSTRAINT accounts_user_id_fkey;
--> statement-breakpoint
ALTER TABLE accounts ALTER COLUMN created_by DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_created_by_fkey
  FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_book_id_id_key UNIQUE (book_id, id);
--> statement-breakpoint
ALTER TABLE accounts
  ADD COLUMN credit_limit_cents bigint NOT NULL DEFAULT 0
  CHECK (credit_limit_cents BETWEEN 0 AND 99999999999999);
--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_balance_cents_check;
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_balance_within_limits
  CHECK (balance_cents >= -credit_limit_cents AND balance_cents <= 99999999999999);
--> statement-breakpoint
DROP INDEX accounts_user_live_idx;
--> statement-breakpoint
CREATE INDEX accounts_book_live_idx ON accounts (book_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Free text folded for search: lower case, common Latin accents removed, spaces collapsed.
CREATE FUNCTION ledger_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(replace(lower(translate(coalesce(input, ''),
    'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž',
    'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz')), 'ß', 'ss'),
    '\s+', ' ', 'g'), ' ')
$$;
--> statement-breakpoint
ALTER TABLE transactions ADD COLUMN book_id uuid REFERENCES books (id) ON DELETE CASCADE;
--> statement-breakpoint
UPDATE transactions SET book_id = books.id
FROM books WHERE books.personal_owner_id = transactions.user_id;
--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN book_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE transactions RENAME COLUMN user_id TO created_by;
--> statement-breakpoint
ALTER TABLE transactions DROP CONSTRAINT transactions_user_id_fkey;
--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN created_by DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_created_by_fkey
  FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE transactions
  ADD COLUMN occurred_on date,
  ADD COLUMN category_id uuid,
  ADD COLUMN payee text NOT NULL DEFAULT '' CHECK (char_length(payee) <= 100),
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
  ADD COLUMN transfer_id uuid,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN search_text text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE transactions SET occurred_on = (created_at AT TIME ZONE 'UTC')::date,
  search_text = ledger_fold(description);
--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN occurred_on SET NOT NULL;
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_book_id_id_key UNIQUE (book_id, id);
--> statement-breakpoint
ALTER TABLE transactions DROP CONSTRAINT transactions_account_id_fkey;
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_account_fkey
  FOREIGN KEY (book_id, account_id) REFERENCES accounts (book_id, id);
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_category_fkey
  FOREIGN KEY (book_id, category_id) REFERENCES categories (book_id, id);
--> statement-breakpoint
ALTER TABLE transactions DROP CONSTRAINT transactions_transaction_type_check;
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_transaction_type_check
  CHECK (transaction_type IN ('deposit', 'withdraw', 'expense', 'transfer_in', 'transfer_out'));
--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_transfer_legs_check
  CHECK ((transaction_type IN ('transfer_in', 'transfer_out')) = (transfer_id IS NOT NULL));
--> statement-breakpoint
CREATE FUNCTION transactions_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := ledger_fold(NEW.description || ' ' || NEW.payee || ' ' || array_to_string(NEW.tags, ' '));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_search_text_trg
  BEFORE INSERT OR UPDATE OF description, payee, tags ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_search_text();
--> statement-breakpoint
-- Ledger pages: per book, per account, per category, by date or amount, live entries only.
-- The (book, seq) and (book, type, seq) indexes serve today's lists, newest entry first; the
-- account's (account_id, seq) index of the first migration stays for the same reason.
DROP INDEX transactions_user_seq_key;
--> statement-breakpoint
DROP INDEX transactions_user_type_seq_idx;
--> statement-breakpoint
CREATE UNIQUE INDEX transactions_book_seq_key ON transactions (book_id, seq DESC);
--> statement-breakpoint
CREATE INDEX transactions_book_type_seq_idx ON transactions (book_id, transaction_type, seq DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_book_date_idx ON transactions (book_id, occurred_on DESC, seq DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_book_type_date_idx
  ON transactions (book_id, transaction_type, occurred_on DESC, seq DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_book_amount_idx ON transactions (book_id, amount_cents DESC, seq DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_account_date_idx
  ON transactions (account_id, occurred_on DESC, seq DESC)
  WHERE deleted_at IS NULL AND account_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX transactions_book_category_date_idx
  ON transactions (book_id, category_id, occurred_on DESC, seq DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_transfer_idx ON transactions (transfer_id) WHERE transfer_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX transactions_tags_idx ON transactions USING gin (tags) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_search_idx ON transactions
  USING gin (book_id, search_text gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE TABLE entry_splits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL,
  entry_id uuid NOT NULL,
  position integer NOT NULL,
  category_id uuid,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  UNIQUE (book_id, entry_id, position),
  FOREIGN KEY (book_id, entry_id) REFERENCES transactions (book_id, id) ON DELETE CASCADE,
  FOREIGN KEY (book_id, category_id) REFERENCES categories (book_id, id)
);
--> statement-breakpoint
CREATE INDEX entry_splits_category_idx ON entry_splits (book_id, category_id);
--> statement-breakpoint
-- One row per action a person took on the ledger; the entries it touched are in entry_history.
CREATE TABLE entry_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind ~ '^[a-z-]{1,40}$'),
  undoes_id uuid,
  undone_by_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id),
  FOREIGN KEY (book_id, undoes_id) REFERENCES entry_changes (book_id, id),
  FOREIGN KEY (book_id, undone_by_id) REFERENCES entry_changes (book_id, id)
);
--> statement-breakpoint
CREATE TABLE entry_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id uuid NOT NULL,
  change_id uuid NOT NULL,
  entry_id uuid NOT NULL,
  fields text[] NOT NULL,
  -- JSON snapshots of the entry's editable state (text: drivers disagree on jsonb parameters).
  before text,
  after text,
  FOREIGN KEY (book_id, change_id) REFERENCES entry_changes (book_id, id) ON DELETE CASCADE,
  FOREIGN KEY (book_id, entry_id) REFERENCES transactions (book_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX entry_history_entry_idx ON entry_history (entry_id, id);
--> statement-breakpoint
CREATE INDEX entry_history_change_idx ON entry_history (change_id);
