import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import { actorOf } from '../../trpc/book-mutation.js';
import {
  idempotencyHeaders,
  idempotentMutation,
  type IdempotentCall,
} from '../../trpc/idempotent-mutation.js';
import {
  accountIdInput,
  accountListOutput,
  accountOutput,
  createAccountInput,
  type CreateAccountInput,
  moneyMovementInput,
  setCreditLimitInput,
  updateAccountInput,
  type MoneyMovementInput,
} from '../../../shared/schemas/account.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { movementOutput } from '../../../shared/schemas/ledger.js';
import { accountLedgerInput, accountLedgerOutput } from '../../../shared/schemas/ledger-query.js';
import type { AuthedContext } from '../../trpc/init.js';
import {
  createBookAccount,
  deleteBookAccount,
  getBookAccount,
  listBookAccounts,
  setAccountCreditLimit,
  updateBookAccount,
  type AfterCreate,
} from './account-service.js';
import { accountLedgerPage, moveMoney } from '../ledger/index.js';

/** The description of an account's opening balance entry (docs/ledger.md#opening-balance). */
export const OPENING_BALANCE_DESCRIPTION = 'Opening balance';

/**
 * The opening balance as the new account's first entry, in the creation's transaction: a
 * deposit, or below 0 a withdrawal (which the credit limit must allow), dated on openingDate or
 * today in the book's time zone. Nothing for 0 or none.
 */
function openingBalance(ctx: AuthedContext, input: CreateAccountInput): AfterCreate | undefined {
  const opening = input.openingBalance;
  if (opening === undefined || opening === 0) return undefined;
  // Already judged in the new account's currency (createBookAccount).
  return async (trx, account) => {
    return (
      await moveMoney(trx, {
        ...actorOf(ctx),
        accountId: account.id,
        type: opening > 0 ? 'deposit' : 'withdraw',
        amount: Math.abs(opening),
        description: OPENING_BALANCE_DESCRIPTION,
        extras: { occurredOn: input.openingDate },
      })
    ).account;
  };
}

const tags = ['Accounts'];

/** Deposit and withdraw: one idempotent money movement each, answered with both sides of it. */
function moneyMovement(type: 'deposit' | 'withdraw', message: string) {
  return idempotentMutation(async ({ ctx, input, db }: IdempotentCall<MoneyMovementInput>) =>
    ok(
      await moveMoney(db, {
        ...actorOf(ctx),
        accountId: input.id,
        type,
        amount: input.amount,
        description: input.description,
        extras: input,
      }),
      message,
    ),
  );
}

export const accountRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account',
        tags,
        summary: 'List your accounts, newest first',
      },
    })
    .input(z.object({}))
    .output(accountListOutput)
    .query(async ({ ctx }) => ok(await listBookAccounts(ctx.database.db, ctx.bookId))),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Create an account, with its type, credit limit and an opening balance recorded as its first entry',
      },
      refusals: ['UNPROCESSABLE', 'INSUFFICIENT_FUNDS'],
    })
    .input(createAccountInput)
    .output(accountOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        const { openingDate: _date, ...fields } = input;
        return ok(
          await createBookAccount(
            db,
            { bookId: ctx.bookId, userId: ctx.user.id },
            fields,
            openingBalance(ctx, input),
          ),
          'Account added successfully',
        );
      }),
    ),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account/{id}',
        tags,
        summary: 'One of your accounts',
      },
    })
    .input(accountIdInput)
    .output(accountOutput)
    .query(async ({ ctx, input }) =>
      ok(await getBookAccount(ctx.database.db, ctx.bookId, input.id)),
    ),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/account/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Change an account: title is required; description, icon, color, type and credit limit left out keep their value',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(updateAccountInput)
    .output(accountOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input: { id, ...fields }, db }) =>
        ok(await updateBookAccount(db, ctx.bookId, id, fields), 'Account updated successfully'),
      ),
    ),

  setCreditLimit: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/account/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Set the credit limit: how far below zero the balance may go (refused below what the account owes)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(setCreditLimitInput)
    .output(accountOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await setAccountCreditLimit(db, ctx.bookId, input.id, input.creditLimit),
          'Credit limit updated successfully',
        ),
      ),
    ),

  transactions: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account/{id}/transactions',
        tags,
        summary:
          "One account's entries, newest first, a page at a time, each with the balance after it",
      },
    })
    .input(accountLedgerInput)
    .output(accountLedgerOutput)
    .query(async ({ ctx, input }) =>
      ok(await accountLedgerPage(ctx.database.db, ctx.bookId, input)),
    ),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/account/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete an account (its ledger rows are kept)',
      },
    })
    .input(accountIdInput)
    .output(messageEnvelope)
    .mutation(
      // A retry of a delete whose answer was lost replays its success instead of a 404.
      idempotentMutation(async ({ ctx, input, db }) => {
        await deleteBookAccount(db, ctx.bookId, input.id);
        return okMessage('Account deleted successfully');
      }),
    ),

  deposit: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account/{id}/deposit',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Deposit money (with an optional date, category, payee and tags)',
      },
      refusals: ['BALANCE_LIMIT_EXCEEDED'],
    })
    .input(moneyMovementInput)
    .output(movementOutput)
    .mutation(moneyMovement('deposit', 'Deposit successful')),

  withdraw: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account/{id}/withdraw',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Withdraw money (refused with 422 "Insufficient funds" beyond the balance)',
      },
      refusals: ['INSUFFICIENT_FUNDS'],
    })
    .input(moneyMovementInput)
    .output(movementOutput)
    .mutation(moneyMovement('withdraw', 'Withdrawal successful')),
});
