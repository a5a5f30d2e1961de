-- Users, sessions, accounts and the ledger. Money is integer cents.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  firebase_uid text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('password', 'google', 'github', 'key')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
--> statement-breakpoint
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  icon text NOT NULL DEFAULT 'wallet' CHECK (icon IN ('wallet', 'credit-card')),
  color text NOT NULL DEFAULT '#10b981' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  -- The last line of defence for rule 2: no balance below zero or beyond what JSON holds exactly.
  balance_cents bigint NOT NULL DEFAULT 0 CHECK (balance_cents BETWEEN 0 AND 99999999999999),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  deleted_at timestamptz
);
--> statement-breakpoint
CREATE INDEX accounts_user_live_idx ON accounts (user_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE TABLE transactions (
  -- seq orders the ledger for keyset pagination; id is what the API shows.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id uuid REFERENCES accounts (id),
  transaction_type text NOT NULL CHECK (transaction_type IN ('deposit', 'withdraw', 'expense')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (transaction_type = 'expense' OR account_id IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX transactions_user_seq_idx ON transactions (user_id, seq DESC);
--> statement-breakpoint
CREATE INDEX transactions_user_type_seq_idx ON transactions (user_id, transaction_type, seq DESC);
--> statement-breakpoint
CREATE INDEX transactions_account_seq_idx ON transactions (account_id, seq DESC)
  WHERE account_id IS NOT NULL;
