-- Bank file import (docs/import.md): import batches, the column mapping remembered per account,
-- the keys that make an imported row recognisable (the bank's own id, or a fingerprint with its
-- occurrence number) under unique indexes, and the rules that categorise entries.
CREATE TABLE import_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL DEFAULT '' CHECK (char_length(file_name) <= 200),
  format text NOT NULL CHECK (format IN ('csv', 'ofx', 'qif')),
  -- sha-256 of the file's bytes: the same file again is recognised and said so.
  content_sha256 text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  entry_count integer NOT NULL CHECK (entry_count >= 0),
  -- The signed sum of the batch's entries when it was imported.
  total_cents bigint NOT NULL,
  change_id uuid,
  reverted_at timestamptz,
  revert_change_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id),
  FOREIGN KEY (book_id, account_id) REFERENCES accounts (book_id, id),
  FOREIGN KEY (book_id, change_id) REFERENCES entry_changes (book_id, id),
  FOREIGN KEY (book_id, revert_change_id) REFERENCES entry_changes (book_id, id)
);
--> statement-breakpoint
CREATE INDEX import_batches_account_idx ON import_batches (book_id, account_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX import_batches_hash_idx ON import_batches (book_id, account_id, content_sha256);
--> statement-breakpoint
-- The CSV column mapping last used for an account, proposed the next time (JSON text).
CREATE TABLE import_mappings (
  book_id uuid NOT NULL,
  account_id uuid NOT NULL,
  mapping text NOT NULL CHECK (char_length(mapping) <= 2000),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (book_id, account_id),
  FOREIGN KEY (book_id, account_id) REFERENCES accounts (book_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE transactions
  ADD COLUMN import_batch_id uuid,
  -- The bank's own id of the row (OFX FITID, a CSV reference column).
  ADD COLUMN bank_ref text CHECK (char_length(bank_ref) BETWEEN 1 AND 255),
  -- Without a bank id: sha-256 of date, signed amount and folded description, and which of the
  -- identical rows of its statement this one is (1, 2, …), so two genuine coffees both stay.
  ADD COLUMN import_fingerprint text CHECK (import_fingerprint ~ '^[0-9a-f]{64}$'),
  ADD COLUMN import_occurrence integer CHECK (import_occurrence >= 1),
  ADD CONSTRAINT transactions_import_batch_fkey
    FOREIGN KEY (book_id, import_batch_id) REFERENCES import_batches (book_id, id),
  ADD CONSTRAINT transactions_import_key_pair_check
    CHECK ((import_fingerprint IS NULL) = (import_occurrence IS NULL));
--> statement-breakpoint
-- No live entry of an account twice under one bank id or one (fingerprint, occurrence): this is
-- what keeps concurrent imports from adding a row twice.
CREATE UNIQUE INDEX transactions_bank_ref_key ON transactions (book_id, account_id, bank_ref)
  WHERE bank_ref IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX transactions_import_fingerprint_key
  ON transactions (book_id, account_id, import_fingerprint, import_occurrence)
  WHERE import_fingerprint IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX transactions_import_batch_idx ON transactions (import_batch_id)
  WHERE import_batch_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  position integer NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  match_field text CHECK (match_field IN ('description', 'payee', 'either')),
  match_operator text CHECK (match_operator IN ('contains', 'equals', 'matches')),
  match_value text CHECK (char_length(match_value) BETWEEN 1 AND 100),
  amount_min_cents bigint CHECK (amount_min_cents >= 0),
  amount_max_cents bigint CHECK (amount_max_cents >= 0),
  account_id uuid,
  set_category_id uuid,
  set_payee text CHECK (char_length(set_payee) <= 100),
  set_tags text[] CHECK (cardinality(set_tags) <= 20),
  set_description text CHECK (char_length(set_description) <= 500),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (book_id, id),
  CHECK ((match_field IS NULL) = (match_operator IS NULL) AND (match_field IS NULL) = (match_value IS NULL)),
  FOREIGN KEY (book_id, account_id) REFERENCES accounts (book_id, id) ON DELETE CASCADE,
  FOREIGN KEY (book_id, set_category_id) REFERENCES categories (book_id, id) ON DELETE SET NULL (set_category_id)
);
--> statement-breakpoint
CREATE INDEX rules_book_position_idx ON rules (book_id, position);
