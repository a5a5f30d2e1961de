-- A person's locale (docs/settings.md): how the app reads the amounts they type and writes
-- numbers and dates for them. NULL means "the browser's", which is every new person's.
ALTER TABLE users ADD COLUMN locale text;
