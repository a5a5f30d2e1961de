-- The ledger search's trigram index on the search text alone. The first one led with book_id
-- (btree_gin), so every search read the posting list of the whole book: 6 ms for a rare word in
-- a 100,000-entry book, against 0.4 ms here, where the few rows holding the word are found first
-- and other books' rows among them are filtered out. See docs/ledger.md#search.
CREATE INDEX transactions_search_trgm_idx ON transactions
  USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX transactions_search_idx;
