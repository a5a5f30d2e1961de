-- Who did what in a book (docs/live-updates.md): one row for each change a member made. It is the
-- book's activity feed, and the log a live connection resumes from (its id is the event's id).
CREATE TABLE book_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The procedure that made the change ('entry.create'); its area is the part before the dot.
  kind text NOT NULL CHECK (kind ~ '^[a-zA-Z]{1,40}\.[a-zA-Z]{1,40}$'),
  area text NOT NULL GENERATED ALWAYS AS (split_part(kind, '.', 1)) STORED,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE INDEX book_activity_book_idx ON book_activity (book_id, id DESC);
--> statement-breakpoint
CREATE INDEX book_activity_actor_idx ON book_activity (book_id, actor_id, id DESC);
--> statement-breakpoint
CREATE INDEX book_activity_area_idx ON book_activity (book_id, area, id DESC);
