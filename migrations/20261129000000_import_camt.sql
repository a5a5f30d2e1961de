-- ISO 20022 camt.053 / camt.052 statements are a fourth import format (docs/import.md#formats).
ALTER TABLE import_batches DROP CONSTRAINT import_batches_format_check;
--> statement-breakpoint
ALTER TABLE import_batches
  ADD CONSTRAINT import_batches_format_check CHECK (format IN ('csv', 'ofx', 'qif', 'camt'));
