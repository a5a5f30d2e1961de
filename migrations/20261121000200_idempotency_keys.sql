-- The first outcome of each Idempotency-Key, per user, written in the same transaction as the
-- effect it describes. Kept at least 24 hours.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  operation text NOT NULL,
  request_sha256 text NOT NULL,
  status integer,
  error_code text,
  -- The response body as JSON text (text, not jsonb: drivers disagree on encoding jsonb parameters).
  response text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
--> statement-breakpoint
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
