-- A book being restored from a file (docs/analytics.md#full-export-and-restore). The restore
-- writes in short chunked transactions; meanwhile the book carries a mark (restore_token, whose
-- restore_heartbeat_at each chunk refreshes) and every other request on it answers 409, so
-- nobody sees or changes a half-restored book. A mark whose heartbeat has gone stale belongs to
-- a restore that died: it is cleaned up. restored_at records that a file was restored into the
-- book, which then never counts as empty again.
ALTER TABLE books
  ADD COLUMN restore_token uuid,
  ADD COLUMN restore_heartbeat_at timestamptz,
  ADD COLUMN restored_at timestamptz,
  ADD CONSTRAINT books_restore_mark_check
    CHECK ((restore_token IS NULL) = (restore_heartbeat_at IS NULL));
--> statement-breakpoint
-- The marks to look at when the server starts (few rows, usually none).
CREATE INDEX books_restore_mark_idx ON books (restore_heartbeat_at) WHERE restore_token IS NOT NULL;
