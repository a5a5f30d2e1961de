-- Exchange rates (docs/rates.md, decision 030): one table per book, like everything else the book
-- owns. A rate says how many units of the quote currency one unit of the base currency buys on a
-- day; it is an exact decimal (numeric without a declared scale keeps the digits it was given:
-- '1.0823' comes back '1.0823', never a float), from one source. One rate per pair, day and
-- source: importing the same day again replaces that source's value; the other sources stay.
CREATE TABLE exchange_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  base_currency text NOT NULL CHECK (base_currency ~ '^[A-Z]{3}$'),
  quote_currency text NOT NULL CHECK (quote_currency ~ '^[A-Z]{3}$'),
  day date NOT NULL,
  -- Above 0, at most 12 digits before the point and 12 after it (src/shared/schemas/rate.ts).
  rate numeric NOT NULL CHECK (rate > 0 AND rate < 1000000000000 AND scale(rate) <= 12),
  source text NOT NULL CHECK (source IN ('manual', 'transfer', 'ecb', 'provider')),
  -- Which source wins on a day when several have a rate (0 wins): a person's own rate, then one a
  -- transfer implied, then the ECB's, then a provider's. Stored so the lookup index orders by it.
  precedence smallint NOT NULL GENERATED ALWAYS AS (
    CASE source WHEN 'manual' THEN 0 WHEN 'transfer' THEN 1 WHEN 'ecb' THEN 2 ELSE 3 END
  ) STORED,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (base_currency <> quote_currency)
);
--> statement-breakpoint
-- One rate per pair, day and source (precedence is the source's rank, one to one), and the
-- lookup's index (the nearest earlier rate of a pair within a window): one range, newest day
-- first and on a day the winning source first, so the answer is the first row it reads. One index
-- for both: an import of the ECB's full history writes 200,000 rows, each into every index.
CREATE UNIQUE INDEX exchange_rates_lookup_idx
  ON exchange_rates (book_id, base_currency, quote_currency, day DESC, precedence);
--> statement-breakpoint
-- The list without a pair filter, newest day first, keyset-paged on (day, id).
CREATE INDEX exchange_rates_list_idx ON exchange_rates (book_id, day DESC, id DESC);
