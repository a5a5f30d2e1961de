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
import { MAX_BALANCE_CENTS, formatCents, unitsToCents } from '../../../../shared/money.js';
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
): Promise<{ req: R; ruleId: string | null }> {
  const size = unitsToCents(req.amount);
  const fill = await fillFromRules(db, req, {
    accountId,
    amountCents: type === 'deposit' ? size : -size,
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

/** Explains why the guarded balance update touched no row, without having changed anything. */
async function refusal(db: DbOrTx, req: MovementRequest): Promise<AppError> {
  const account = await findAccount(db, req.bookId, req.accountId);
  if (!account) return notFound();
  // The statement also refuses a category that is not the book's.
  if (req.extras.categoryId && !(await findCategory(db, req.bookId, req.extras.categoryId))) {
    return categoryNotFound();
  }
  if (req.type === 'deposit') {
    return new AppError(
      'BALANCE_LIMIT_EXCEEDED',
      `This deposit would take the balance above the limit of ${formatCents(MAX_BALANCE_CENTS)}`,
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
  const { req, ruleId } = await withRules(db, asked, asked.accountId, asked.type);
  const amountCents = unitsToCents(req.amount);
  const prefix = DEFAULT_DESCRIPTION_PREFIX[req.type];
  const moved = await applyMovement(db, {
    bookId: req.bookId,
    actorId: req.actorId,
    accountId: req.accountId,
    type: req.type,
    deltaCents: req.type === 'deposit' ? amountCents : -amountCents,
    amountCents,
    maxCents: MAX_BALANCE_CENTS,
    description: req.description || (prefix === null ? '' : null),
    defaultPrefix: prefix ?? '',
    extras: extrasOf(req.extras),
  });
  if (!moved) throw await refusal(db, req);
  return {
    account: toAccount(moved.account),
    transaction: toTransaction(moved.entry),
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
  const { req, ruleId } = await withRules(db, asked, null, 'expense');
  const row = await insertEntryWithoutAccount(db, {
    bookId: req.bookId,
    actorId: req.actorId,
    type: 'expense',
    amountCents: unitsToCents(req.amount),
    description: req.description ?? '',
    extras: extrasOf(req.extras),
  });
  if (!row) throw categoryNotFound();
  const { change_id, ...entry } = row;
  return { account: null, transaction: toTransaction(entry), changeId: change_id, ruleId };
}
