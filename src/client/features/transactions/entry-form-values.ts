import { z } from 'zod';
import type { UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { DIFFERENT_ACCOUNTS, sameAccounts } from '../../../shared/schemas/transfer.js';
import { isCalendarDate } from '../../../shared/dates.js';
import type { EntryFormRequest, EntryKind } from '../../stores/entry-form-store.js';
import { amountText } from '../../components/forms/amount-text.js';
import { moneyEditText, marksFor } from '../../components/forms/typed-amounts.js';
import { useLocaleStore } from '../../lib/locale.js';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { readReceived, receivedEditText } from './transfer-received.js';
import { UNCATEGORISED } from '../../components/widgets/category-select.js';
import { newSplitLine } from './split-editor.js';
import { splitRemainderOf, type SplitDraftLine } from './split-lines.js';
import { parseTags, tagsProblem } from './tags.js';
import { ENTRY_WORDS } from './entry-words.js';
import {
  NO_ACCOUNT,
  accountOf,
  categoryOf,
  sameList,
  splitLines,
  splitting,
  splittable,
  type CheckedEntry,
  type EntryFormValues,
} from './entry-request.js';

export { NO_ACCOUNT, splittable, type EntryFormValues } from './entry-request.js';

const typeOf = (entry: Transaction): EntryKind =>
  entry.transfer || entry.transactionType === 'transfer' ? 'transfer' : entry.transactionType;

/** The form's first values: the saved entry's, or a new one of the asked type and account. */
export function entryFormValues(
  entry: Transaction | undefined,
  start: EntryFormRequest,
  today: string,
): EntryFormValues {
  const from = entry?.transfer ? entry.transfer.fromAccountId : entry?.accountId;
  // A transfer's form edits what left the source (its incoming leg's own amount is what arrived),
  // and a saved entry's amounts are written with its currency's decimals (JPY none, KWD three).
  const link = entry?.transfer;
  const currency = entry ? displayCurrency(link ? link.fromCurrency : entry.currency) : USD;
  return {
    type: entry ? typeOf(entry) : start.type,
    amount: entry ? moneyEditText(link ? link.amount : entry.amount, currency) : '',
    accountId: entry ? (from ?? NO_ACCOUNT) : (start.accountId ?? NO_ACCOUNT),
    toAccountId: entry?.transfer?.toAccountId ?? NO_ACCOUNT,
    receivedAmount:
      link && link.fromCurrency !== link.toCurrency
        ? receivedEditText(link.receivedAmount, link.toCurrency)
        : '',
    occurredOn: entry?.occurredOn ?? today,
    description: entry?.description ?? '',
    payee: entry?.payee ?? '',
    categoryId: entry?.categoryId ?? UNCATEGORISED,
    tags: entry?.tags.join(', ') ?? '',
    split: Boolean(entry && entry.splits.length > 0),
    lines:
      !entry || entry.splits.length === 0
        ? [newSplitLine(), newSplitLine()]
        : entry.splits.map((line) =>
            newSplitLine(
              moneyEditText(line.amount, currency),
              line.categoryId ?? UNCATEGORISED,
              line.note,
            ),
          ),
  };
}

/**
 * The form's check, in the order the fields appear, one problem at a time (the form shows the
 * first under it): the amount (the spec's message of the type: "Please enter a valid amount to
 * deposit."), one of `accountIds` (or None, for an expense only; two different ones for a
 * transfer, and what it brings when their currencies differ, read in the destination's
 * currency), the date, the tags (the server's words), and split lines that add up to the
 * amount exactly. The amount and the lines are read in `currencyOf` the chosen account (the
 * account a transfer leaves; None: the book's base currency), USD unless given.
 */
export function entryFormSchema(
  accountIds: ReadonlySet<string>,
  currencyOf: (accountId: string) => DisplayCurrency = () => USD,
) {
  return z
    .object({
      type: z.enum(['expense', 'withdraw', 'deposit', 'transfer']),
      amount: z.string(),
      accountId: z.string(),
      toAccountId: z.string(),
      receivedAmount: z.string(),
      occurredOn: z.string(),
      description: z.string(),
      payee: z.string(),
      categoryId: z.string(),
      tags: z.string().transform(parseTags),
      split: z.boolean(),
      lines: z.array(z.custom<SplitDraftLine>()),
    })
    .transform((values, context) => {
      const currency = currencyOf(values.accountId);
      const read = amountText(ENTRY_WORDS[values.type].invalid, { currency }).safeParse(
        values.amount,
      );
      const problem = (path: string, message: string) => {
        context.addIssue({ code: 'custom', path: [path], message });
        return z.NEVER;
      };
      // One problem is enough: the amount's first.
      if (!read.success) return problem('amount', read.error.issues[0]?.message ?? '');
      const amount = read.data;
      const { accountId, toAccountId, type } = values;
      let receivedAmount: number | undefined;
      if (type === 'transfer') {
        if (!accountIds.has(accountId) || !accountIds.has(toAccountId)) {
          return problem('toAccountId', 'Choose both accounts');
        }
        if (sameAccounts({ fromAccountId: accountId, toAccountId })) {
          return problem('toAccountId', DIFFERENT_ACCOUNTS);
        }
        const to = currencyOf(toAccountId).code;
        if (currencyOf(accountId).code !== to) {
          const marks = marksFor(useLocaleStore.getState().locale);
          const received = readReceived(values.receivedAmount, marks, to);
          if ('problem' in received) return problem('receivedAmount', received.problem);
          receivedAmount = received.units;
        }
      } else if (!accountIds.has(accountId) && !(accountId === NO_ACCOUNT && type === 'expense')) {
        return problem('accountId', 'Choose an account');
      }
      if (!isCalendarDate(values.occurredOn)) {
        return problem('occurredOn', 'Enter the date it happened');
      }
      const tagProblem = tagsProblem(values.tags);
      if (tagProblem) return problem('tags', tagProblem);
      const remainder = splitRemainderOf(amount, values.lines, currency);
      if (values.split && splittable(type) && !remainder.balanced) {
        return problem('lines', `The split lines must add up to the amount: ${remainder.text}`);
      }
      return { ...values, amount, currency, receivedAmount } satisfies CheckedEntry;
    });
}

/** Only the fields that differ from the entry: a no-op edit is not sent at all. */
export function changes(current: Transaction, entry: CheckedEntry): Omit<UpdateEntryInput, 'id'> {
  const next: Omit<UpdateEntryInput, 'id'> = {};
  if (entry.amount !== current.amount) next.amount = entry.amount;
  if (entry.occurredOn !== current.occurredOn) next.occurredOn = entry.occurredOn;
  if (entry.description.trim() !== current.description) next.description = entry.description.trim();
  if (entry.payee.trim() !== current.payee) next.payee = entry.payee.trim();
  if (!sameList(entry.tags, current.tags)) next.tags = entry.tags;
  const account = accountOf(entry);
  if (account !== current.accountId) next.accountId = account;
  if (splitting(entry)) {
    const wanted = splitLines(entry.lines, entry.currency);
    const had = current.splits.map(({ categoryId, amount, note }) => ({
      categoryId,
      amount,
      note,
    }));
    // A split entry's new amount needs its lines in the same request (docs/ledger.md#splits).
    if (!sameList(wanted, had) || next.amount !== undefined) next.splits = wanted;
  } else {
    if (current.splits.length > 0) next.splits = null;
    const category = categoryOf(entry);
    if (category !== current.categoryId || current.splits.length > 0) next.categoryId = category;
  }
  return next;
}
