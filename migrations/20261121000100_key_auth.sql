-- Key-based login: one public key per email, and single-use challenges kept only as SHA-256.
CREATE TABLE key_credentials (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL UNIQUE,
  public_key_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE TABLE key_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  challenge_sha256 text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX key_challenges_email_idx ON key_challenges (email, expires_at DESC)
  WHERE used_at IS NULL;
--> statement-breakpoint
CREATE INDEX key_challenges_expires_idx ON key_challenges (expires_at);
