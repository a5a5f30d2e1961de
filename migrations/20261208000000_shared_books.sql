-- Shared books (docs/sharing.md): invitations into a book, by email or as a single-use link.
-- The link's token is kept only as SHA-256. What became of an answered invitation stays recorded;
-- a withdrawn one is deleted, so its link leads nowhere.
CREATE TABLE book_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  email text CHECK (email IS NULL OR char_length(email) BETWEEN 3 AND 254),
  token_sha256 text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('accepted', 'declined')),
  outcome_at timestamptz,
  outcome_by uuid REFERENCES users (id) ON DELETE SET NULL,
  CHECK ((outcome IS NULL) = (outcome_at IS NULL)),
  UNIQUE (book_id, id)
);
--> statement-breakpoint
CREATE INDEX book_invitations_book_idx ON book_invitations (book_id, created_at DESC);
