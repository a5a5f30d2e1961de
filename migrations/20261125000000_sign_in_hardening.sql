-- Sessions of Firebase users are re-checked against Firebase now and then (a disabled or
-- deleted user, or revoked tokens, end them): when that last happened.
ALTER TABLE sessions ADD COLUMN identity_checked_at timestamptz;
--> statement-breakpoint
-- Key login: a key confirmed through a link sent to its email outranks one never confirmed.
ALTER TABLE key_credentials ADD COLUMN proven_at timestamptz;
--> statement-breakpoint
-- A key registered for an email that already has one waits here until the link sent to that
-- email is opened. The link's token is kept only as SHA-256.
CREATE TABLE key_registrations (
  token_sha256 text PRIMARY KEY,
  email text NOT NULL,
  public_key_pem text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX key_registrations_expires_idx ON key_registrations (expires_at);
