import type { DbOrTx } from '../../../db/connect.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { findAccount } from '../../accounts/index.js';
import { findCategory } from '../../categories/index.js';
import { toAccount } from '../../accounts/index.js';
import { applyMovement, insertEntryWithoutAccount, type EntryExtras } from './entry-repository.js';
import { toTransaction } from './transaction-view.js';
import { fillFromRules } from '../../rules/index.js';
import type { Actor } from '../../../lib/actor.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { minorUnitsIn } from '../../../lib/currency-amount.js';
import { currencyBounds } from '../../../../shared/currency-money.js';
import { currencyExponent } from '../../../../shared/currencies.js';
import { boundText } from '../../../../shared/currency-amounts.js';
import { findBookBaseCurrency } from '../../books/index.js';
import type { Movement, MovementType } from '../../../../shared/schemas/ledger.js';

/** The optional fields of an entry as an input carries them (all may be left out). */
export interface EntryExtrasInput {
  occurredOn?: string | undefined;
  categoryId?: string | null | undefined;
  payee?: string | undefined;
  tags?: string[] | undefined;
}

interface MovementRequest extends Actor {
  accountId: string;
  type: MovementType;
  amount: number;
  description: string | undefined;
  extras: EntryExtrasInput;
}

/** Without a description, deposits and withdrawals name their account; expenses stay blank. */
const DEFAULT_DESCRIPTION_PREFIX: Record<MovementType, string | null> = {
  deposit: 'Deposit to account ',
  withdraw: 'Withdrawal from account ',
  expense: null,
};

function extrasOf(input: EntryExtrasInput): EntryExtras {
  return {
    occurredOn: input.occurredOn ?? null,
    categoryId: input.categoryId ?? null,
    payee: input.payee ?? '',
    tags: input.tags ?? [],
  };
}

/**
 * The request with what the book's rules fill in when it applies them to entries added by hand
 * (docs/import.md#rules): only fields the person left empty; the amount is never touched.
 */
async function withRules<R extends Omit<MovementRequest, 'accountId' | 'type'>>(
  db: DbOrTx,
  req: R,
  accountId: string | null,
  type: MovementType,
  size: bigint,
  currency: string,
): Promise<{ req: R; ruleId: string | null }> {
  const fill = await fillFromRules(db, req, {
    accountId,
    amountCents: type === 'deposit' ? size : -size,
    exponent: currencyExponent(currency),
    description: req.description ?? '',
    payee: req.extras.payee ?? '',
    categoryId: req.extras.categoryId ?? null,
    tags: req.extras.tags ?? [],
    takesCategory: true,
  });
  if (!fill) return { req, ruleId: null };
  return {
    req: {
      ...req,
      description: fill.description ?? req.description,
      extras: {
        ...req.extras,
        ...(fill.payee !== undefined && { payee: fill.payee }),
        ...(fill.categoryId !== undefined && { categoryId: fill.categoryId }),
        ...(fill.tags !== undefined && { tags: fill.tags }),
      },
    },
    ruleId: fill.ruleId,
  };
}

const categoryNotFound = () => new AppError('NOT_FOUND', MESSAGES.categoryNotFound);

/** A movement that found its account in another currency than when its amount was read. */
export const CURRENCY_CHANGED =
  "The account's currency changed while this was being recorded; try again";

/** An expense without an account that found the book's base currency changed meanwhile. */
export const BASE_CURRENCY_CHANGED =
  "The book's base currency changed while this was being recorded; try again";

/** Explains why the guarded balance update touched no row, without having changed anything. */
async function refusal(db: DbOrTx, req: MovementRequest, currency: string): Promise<AppError> {
  const account = await findAccount(db, req.bookId, req.accountId);
  if (!account) return notFound();
  if (account.currency !== currency) return new AppError('CONFLICT', CURRENCY_CHANGED);
  // The statement also refuses a category that is not the book's.
  if (req.extras.categoryId && !(await findCategory(db, req.bookId, req.extras.categoryId))) {
    return categoryNotFound();
  }
  if (req.type === 'deposit') {
    return new AppError(
      'BALANCE_LIMIT_EXCEEDED',
      `This deposit would take the balance above the limit of ${boundText(currencyBounds(currency).maxBalance, currency)}`,
    );
  }
  return new AppError('INSUFFICIENT_FUNDS', MESSAGES.insufficientFunds);
}

/**
 * Moves money in or out of an account: the balance changes atomically in SQL and its entry and
 * history row are written by the same statement, so the balance always equals the sum of its
 * ledger and every entry has its history.
 */
export async function moveMoney(db: DbOrTx, asked: MovementRequest): Promise<Movement> {
  // The amount is read in the account's currency, so the account is read first (decision 035).
  const account = await findAccount(db, asked.bookId, asked.accountId);
  if (!account) throw notFound();
  const currency = account.currency;
  const amountCents = minorUnitsIn(asked.amount, currency);
  const { req, ruleId } = await withRules(
    db,
    asked,
    asked.accountId,
    asked.type,
    amountCents,
    currency,
  );
  const prefix = DEFAULT_DESCRIPTION_PREFIX[req.type];
  const moved = await applyMovement(db, {
    bookId: req.bookId,
    actorId: req.actorId,
    accountId: req.accountId,
    type: req.type,
    deltaCents: req.type === 'deposit' ? amountCents : -amountCents,
    amountCents,
    maxCents: currencyBounds(currency).maxBalance,
    currency,
    description: req.description || (prefix === null ? '' : null),
    defaultPrefix: prefix ?? '',
    extras: extrasOf(req.extras),
  });
  if (!moved) throw await refusal(db, req, currency);
  return {
    account: toAccount(moved.account),
    transaction: toTransaction(moved.entry, currency),
    changeId: moved.changeId,
    ruleId,
  };
}

/** An expense debits its account when it names one; without one it touches no balance. */
export async function recordExpense(
  db: DbOrTx,
  asked: Actor & {
    accountId: string | null | undefined;
    amount: number;
    description: string | undefined;
    extras: EntryExtrasInput;
  },
): Promise<Movement> {
  if (asked.accountId) {
    return moveMoney(db, { ...asked, accountId: asked.accountId, type: 'expense' });
  }
  // Without an account, an expense is in the book's base currency (docs/money.md#account-currency).
  const currency = await findBookBaseCurrency(db, asked.bookId);
  const amountCents = minorUnitsIn(asked.amount, currency);
  const { req, ruleId } = await withRules(db, asked, null, 'expense', amountCents, currency);
  const row = await insertEntryWithoutAccount(db, {
    bookId: req.bookId,
    actorId: req.actorId,
    type: 'expense',
    amountCents,
    currency,
    description: req.description ?? '',
    extras: extrasOf(req.extras),
  });
  if (!row) {
    if ((await findBookBaseCurrency(db, req.bookId)) !== currency) {
      throw new AppError('CONFLICT', BASE_CURRENCY_CHANGED);
    }
    throw categoryNotFound();
  }
  const { change_id, ...entry } = row;
  return {
    account: null,
    transaction: toTransaction(entry, currency),
    changeId: change_id,
    ruleId,
  };
}
