import type { DbOrTx } from '../../db/connect.js';
import { AppError, notFound } from '../../trpc/app-error.js';
import { findAccount, toAccount } from '../accounts/account-repository.js';
import { insertLedgerRow, toTransaction } from './ledger-repository.js';
import { applyMovement } from './movement-repository.js';
import { MESSAGES } from '../../../shared/errors.js';
import { MAX_BALANCE_CENTS, formatCents, unitsToCents } from '../../../shared/money.js';
import type { Account } from '../../../shared/schemas/account.js';
import type { Transaction, TransactionType } from '../../../shared/schemas/ledger.js';

export interface Movement {
  account: Account | null;
  transaction: Transaction;
}

interface MovementRequest {
  userId: string;
  accountId: string;
  type: TransactionType;
  amount: number;
  description: string | undefined;
}

/** Without a description, deposits and withdrawals name their account; expenses stay blank. */
const DEFAULT_DESCRIPTION_PREFIX: Record<TransactionType, string | null> = {
  deposit: 'Deposit to account ',
  withdraw: 'Withdrawal from account ',
  expense: null,
};

/** Explains why the guarded balance update touched no row, without having changed anything. */
async function refusal(db: DbOrTx, req: MovementRequest): Promise<AppError> {
  const account = await findAccount(db, req.userId, req.accountId);
  if (!account) return notFound();
  if (req.type === 'deposit') {
    return new AppError(
      'BALANCE_LIMIT_EXCEEDED',
      `This deposit would take the balance above the limit of ${formatCents(MAX_BALANCE_CENTS)}`,
    );
  }
  return new AppError('INSUFFICIENT_FUNDS', MESSAGES.insufficientFunds);
}

/**
 * Moves money in or out of an account: the balance changes atomically in SQL and its ledger row
 * is written by the same statement, so the balance always equals the sum of its ledger.
 */
export async function moveMoney(db: DbOrTx, req: MovementRequest): Promise<Movement> {
  const amountCents = unitsToCents(req.amount);
  const prefix = DEFAULT_DESCRIPTION_PREFIX[req.type];
  const moved = await applyMovement(db, {
    userId: req.userId,
    accountId: req.accountId,
    type: req.type,
    deltaCents: req.type === 'deposit' ? amountCents : -amountCents,
    amountCents,
    maxCents: MAX_BALANCE_CENTS,
    description: req.description || (prefix === null ? '' : null),
    defaultPrefix: prefix ?? '',
  });
  if (!moved) throw await refusal(db, req);
  return { account: toAccount(moved.account), transaction: toTransaction(moved.entry) };
}

/** An expense debits its account when it names one; without one it touches no balance. */
export async function recordExpense(
  db: DbOrTx,
  req: {
    userId: string;
    accountId: string | null | undefined;
    amount: number;
    description: string | undefined;
  },
): Promise<Movement> {
  if (req.accountId) {
    return moveMoney(db, { ...req, accountId: req.accountId, type: 'expense' });
  }
  const row = await insertLedgerRow(db, {
    userId: req.userId,
    accountId: null,
    type: 'expense',
    amountCents: unitsToCents(req.amount),
    description: req.description ?? '',
  });
  return { account: null, transaction: toTransaction(row) };
}
