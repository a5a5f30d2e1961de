import { z } from 'zod';
import type { CreateEntryInput, UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { MovementType, Transaction } from '../../../shared/schemas/ledger.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { amountText } from '../../components/forms/amount-text.js';
import { amountEditText, amountOf } from '../../lib/typed-amounts.js';
import { UNCATEGORISED } from '../../components/widgets/category-select.js';
import { newSplitLine } from './split-editor.js';
import { splitRemainderOf, type SplitDraftLine } from './split-lines.js';
import { parseTags, tagsProblem } from './tags.js';

export const NO_ACCOUNT = 'none';

/** The entry form as typed: every field text (the amount too), the split's lines as drafts. */
export interface EntryFormValues {
  type: MovementType;
  amount: string;
  accountId: string;
  occurredOn: string;
  description: string;
  payee: string;
  categoryId: string;
  tags: string;
  split: boolean;
  lines: SplitDraftLine[];
}

export function entryFormValues(
  entry: Transaction | undefined,
  initialAccountId: string | undefined,
  today: string,
): EntryFormValues {
  return {
    type: entry && entry.transactionType !== 'transfer' ? entry.transactionType : 'expense',
    amount: entry ? amountEditText(entry.amount) : '',
    accountId: entry ? (entry.accountId ?? NO_ACCOUNT) : (initialAccountId ?? NO_ACCOUNT),
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
            newSplitLine(amountEditText(line.amount), line.categoryId ?? UNCATEGORISED, line.note),
          ),
  };
}

/** Only an expense or a withdrawal can be split into lines. */
export const splittable = (type: MovementType) => type === 'expense' || type === 'withdraw';

/**
 * The form's check, in the order the fields appear, one problem at a time (the form shows the
 * first under it): the amount, one of `accountIds` (or None, for an expense only), the
 * date, the tags (the server's words), and split lines that add up to the amount exactly.
 */
export function entryFormSchema(accountIds: ReadonlySet<string>) {
  return z
    .object({
      type: z.enum(['expense', 'withdraw', 'deposit']),
      amount: amountText('Please enter a valid amount.'),
      accountId: z.string(),
      occurredOn: z.string(),
      description: z.string(),
      payee: z.string(),
      categoryId: z.string(),
      tags: z.string().transform(parseTags),
      split: z.boolean(),
      lines: z.array(z.custom<SplitDraftLine>()),
    })
    .superRefine((values, context) => {
      // zod runs this even when the amount failed; that one problem is enough.
      if (typeof values.amount !== 'number') return;
      const problem = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const { accountId, type } = values;
      if (!accountIds.has(accountId) && !(accountId === NO_ACCOUNT && type === 'expense')) {
        return problem('accountId', 'Choose an account');
      }
      if (!isCalendarDate(values.occurredOn))
        return problem('occurredOn', 'Enter the date it happened');
      const tagProblem = tagsProblem(values.tags);
      if (tagProblem) return problem('tags', tagProblem);
      const remainder = splitRemainderOf(values.amount, values.lines);
      if (values.split && splittable(type) && !remainder.balanced) {
        problem('lines', `The split lines must add up to the amount: ${remainder.text}`);
      }
    });
}

export type CheckedEntry = z.output<ReturnType<typeof entryFormSchema>>;

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

const splitLines = (lines: SplitDraftLine[]) =>
  lines.map((line) => ({
    categoryId: line.categoryId === UNCATEGORISED ? null : line.categoryId,
    amount: amountOf(line.amountText) ?? 0,
    note: line.note.trim(),
  }));

const splitting = (entry: CheckedEntry) => entry.split && splittable(entry.type);
const accountOf = (entry: CheckedEntry) =>
  entry.accountId === NO_ACCOUNT ? null : entry.accountId;
const categoryOf = (entry: CheckedEntry) =>
  entry.categoryId === UNCATEGORISED ? null : entry.categoryId;

export function createInput(entry: CheckedEntry): CreateEntryInput {
  return {
    type: entry.type,
    accountId: accountOf(entry),
    amount: entry.amount,
    description: entry.description.trim(),
    occurredOn: entry.occurredOn,
    payee: entry.payee.trim(),
    tags: entry.tags,
    ...(splitting(entry) ? { splits: splitLines(entry.lines) } : { categoryId: categoryOf(entry) }),
  };
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
    const wanted = splitLines(entry.lines);
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
