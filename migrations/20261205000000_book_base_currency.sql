-- A book's base currency (docs/money.md#base-currency): the currency totals across currencies
-- are shown in. Every book that existed before currencies is a USD book, so nothing it answers
-- changes. The column checks the shape (three upper-case letters); the server checks the code is a
-- current ISO 4217 one, a list that changes more often than the schema should.
ALTER TABLE books ADD COLUMN base_currency text NOT NULL DEFAULT 'USD'
  CHECK (base_currency ~ '^[A-Z]{3}$');
