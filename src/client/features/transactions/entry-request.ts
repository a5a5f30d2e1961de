import type { CreateEntryInput } from '../../../shared/schemas/entry.js';
import type { CreateExpenseInput } from '../../../shared/schemas/ledger.js';
import type { MoneyMovementInput } from '../../../shared/schemas/account.js';
import type { CreateTransferInput } from '../../../shared/schemas/transfer.js';
import type { EntryKind } from '../../stores/entry-form-store.js';
import { UNCATEGORISED } from '../../components/widgets/category-select.js';
import { moneyOf } from '../../components/forms/typed-amounts.js';
import type { DisplayCurrency } from '../../lib/format.js';
import type { SplitDraftLine } from './split-lines.js';

/** The account select's value for "no account" (an expense only). */
export const NO_ACCOUNT = 'none';

/**
 * The entry form as typed: every field text (the amount too), the split's lines as drafts.
 * `accountId` is the account of a movement, or the account a transfer leaves.
 */
export interface EntryFormValues {
  type: EntryKind;
  amount: string;
  accountId: string;
  toAccountId: string;
  /** What a transfer between two currencies brings, typed in the destination's currency. */
  receivedAmount: string;
  occurredOn: string;
  description: string;
  payee: string;
  categoryId: string;
  tags: string;
  split: boolean;
  lines: SplitDraftLine[];
}

/**
 * The entry form's values once checked: the amount read (in `currency`, its account's; USD when
 * not given), the tags parsed, and a transfer's received amount read when its accounts'
 * currencies differ (else undefined).
 */
export type CheckedEntry = Omit<EntryFormValues, 'amount' | 'tags' | 'receivedAmount'> & {
  amount: number;
  tags: string[];
  currency?: DisplayCurrency;
  receivedAmount?: number | undefined;
};

/**
 * Where a new entry goes, and what it sends (docs/client.md#one-entry-form): a deposit or a
 * withdrawal to POST /api/account/{id}/deposit or /withdraw, an expense to POST
 * /api/expenses/expense (the spec's endpoints, which take the date, category, payee and tags
 * too), a split one to POST /api/transactions (only it takes lines), a transfer to POST
 * /api/transfers (date and description; no category, payee or tags).
 */
export type NewEntryRequest =
  | { operation: 'deposit' | 'withdraw'; input: MoneyMovementInput }
  | { operation: 'expense'; input: CreateExpenseInput }
  | { operation: 'entry'; input: CreateEntryInput }
  | { operation: 'transfer'; input: CreateTransferInput };

/** Only an expense or a withdrawal can be split into lines. */
export const splittable = (type: EntryKind) => type === 'expense' || type === 'withdraw';

export const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The lines to send, each amount read in the entry's `currency`. */
export const splitLines = (lines: SplitDraftLine[], currency?: DisplayCurrency) =>
  lines.map((line) => ({
    categoryId: line.categoryId === UNCATEGORISED ? null : line.categoryId,
    amount: moneyOf(line.amountText, currency) ?? 0,
    note: line.note.trim(),
  }));

export const splitting = (entry: CheckedEntry) => entry.split && splittable(entry.type);
export const accountOf = (entry: CheckedEntry) =>
  entry.accountId === NO_ACCOUNT ? null : entry.accountId;
export const categoryOf = (entry: CheckedEntry) =>
  entry.categoryId === UNCATEGORISED ? null : entry.categoryId;

/**
 * The request of a new entry. What was left empty is not sent: an empty description lets the
 * server write its default one ("Deposit to account {title}"), and a plain deposit is the
 * spec's request, plus the day it happened.
 */
export function newEntryRequest(entry: CheckedEntry): NewEntryRequest {
  const description = entry.description.trim() || undefined;
  const { amount, occurredOn } = entry;
  if (entry.type === 'transfer') {
    return {
      operation: 'transfer',
      input: {
        fromAccountId: entry.accountId,
        toAccountId: entry.toAccountId,
        amount,
        ...(entry.receivedAmount !== undefined && { receivedAmount: entry.receivedAmount }),
        occurredOn,
        description,
      },
    };
  }
  const payee = entry.payee.trim();
  const extras = {
    occurredOn,
    ...(payee && { payee }),
    ...(entry.tags.length > 0 && { tags: entry.tags }),
  };
  const account = accountOf(entry);
  if (splitting(entry)) {
    const input = { type: entry.type, accountId: account, amount, description, ...extras };
    return {
      operation: 'entry',
      input: { ...input, splits: splitLines(entry.lines, entry.currency) },
    };
  }
  const category = categoryOf(entry);
  const fields = { amount, description, ...extras, ...(category && { categoryId: category }) };
  if (entry.type === 'expense') {
    return { operation: 'expense', input: { ...fields, accountId: account } };
  }
  return { operation: entry.type, input: { ...fields, id: account ?? '' } };
}
