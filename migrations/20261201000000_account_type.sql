-- What kind of account it is (docs/ledger.md#account-types): cash, checking, savings,
-- credit-card, loan or other. A label for the person and the forms; the money rules stay the
-- credit limit's (docs/ledger.md#credit). Accounts made before it had only an icon: a credit-card
-- icon says "credit card"; a wallet says nothing certain (it was every account's default), so
-- those are "other" until the person chooses.
ALTER TABLE accounts ADD COLUMN account_type text NOT NULL DEFAULT 'other'
  CHECK (account_type IN ('cash', 'checking', 'savings', 'credit-card', 'loan', 'other'));
--> statement-breakpoint
UPDATE accounts SET account_type = 'credit-card' WHERE icon = 'credit-card';
