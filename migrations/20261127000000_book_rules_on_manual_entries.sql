-- Whether the book's rules also apply to entries added by hand (docs/import.md#rules): off until
-- the person turns it on on the rules page.
ALTER TABLE books ADD COLUMN apply_rules_to_manual_entries boolean NOT NULL DEFAULT false;
