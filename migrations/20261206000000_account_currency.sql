-- An account's currency (docs/money.md#account-currency): every amount of the account, its
-- balance and its credit limit are integer minor units of it (JPY 0 decimals, USD 2, KWD 3); the
-- *_cents columns keep their names and hold minor units of this currency. Every account that
-- existed before currencies is a USD account, so nothing it answers changes. As for books, the
-- column checks the shape and the server checks the code is a current ISO 4217 one.
ALTER TABLE accounts ADD COLUMN currency text NOT NULL DEFAULT 'USD'
  CHECK (currency ~ '^[A-Z]{3}$');
