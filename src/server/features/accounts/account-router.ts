import { z } from 'zod';
import { protectedProcedure, router, type AuthedContext } from '../../trpc/init.js';
import {
  BODY_ROUTE_ERRORS,
  ID_ROUTE_ERRORS,
  errorResponses,
  LIST_ROUTE_ERRORS,
  MOVEMENT_ROUTE_ERRORS,
} from '../../trpc/error-responses.js';
import {
  accountIdInput,
  accountListOutput,
  accountOutput,
  createAccountInput,
  moneyMovementInput,
  updateAccountInput,
  type MoneyMovementInput,
} from '../../../shared/schemas/account.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { movementOutput } from '../../../shared/schemas/ledger.js';
import {
  createUserAccount,
  deleteUserAccount,
  getUserAccount,
  listUserAccounts,
  updateUserAccount,
} from './account-service.js';
import { moveMoney } from '../ledger/movement-service.js';
import { idempotent } from '../idempotency/idempotency.js';
import { idempotencyHeaders, idempotencyScope } from '../idempotency/idempotency-openapi.js';

const tags = ['Accounts'];

/** Deposit and withdraw: one idempotent money movement each, answered with both sides of it. */
function moneyMovement(type: 'deposit' | 'withdraw', message: string) {
  return ({ ctx, input }: { ctx: AuthedContext; input: MoneyMovementInput }) =>
    idempotent(idempotencyScope(ctx), `account.${type}`, input, async (db) => ({
      success: true as const,
      message,
      data: await moveMoney(db, {
        userId: ctx.user.id,
        accountId: input.id,
        type,
        amount: input.amount,
        description: input.description,
      }),
    }));
}

export const accountRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account',
        errorResponses: LIST_ROUTE_ERRORS,
        tags,
        summary: 'List your accounts, newest first',
      },
    })
    .input(z.object({}))
    .output(accountListOutput)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listUserAccounts(ctx.database.db, ctx.user.id),
    })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account',
        errorResponses: BODY_ROUTE_ERRORS,
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Create an account',
      },
    })
    .input(createAccountInput)
    .output(accountOutput)
    .mutation(({ ctx, input }) =>
      idempotent(idempotencyScope(ctx), 'account.create', input, async (db) => ({
        success: true as const,
        message: 'Account added successfully',
        data: await createUserAccount(db, ctx.user.id, input),
      })),
    ),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account/{id}',
        errorResponses: ID_ROUTE_ERRORS,
        tags,
        summary: 'One of your accounts',
      },
    })
    .input(accountIdInput)
    .output(accountOutput)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await getUserAccount(ctx.database.db, ctx.user.id, input.id),
    })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/account/{id}',
        errorResponses: errorResponses(400, 401, 404, 413, 500),
        tags,
        summary: 'Change title, description, icon or color (fields left out keep their value)',
      },
    })
    .input(updateAccountInput)
    .output(accountOutput)
    .mutation(async ({ ctx, input: { id, ...fields } }) => ({
      success: true as const,
      message: 'Account updated successfully',
      data: await updateUserAccount(ctx.database.db, ctx.user.id, id, fields),
    })),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/account/{id}',
        errorResponses: ID_ROUTE_ERRORS,
        tags,
        summary: 'Delete an account (its ledger rows are kept)',
      },
    })
    .input(accountIdInput)
    .output(messageEnvelope)
    .mutation(async ({ ctx, input }) => {
      await deleteUserAccount(ctx.database.db, ctx.user.id, input.id);
      return { success: true as const, message: 'Account deleted successfully' };
    }),

  deposit: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account/{id}/deposit',
        errorResponses: MOVEMENT_ROUTE_ERRORS,
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Deposit money',
      },
    })
    .input(moneyMovementInput)
    .output(movementOutput)
    .mutation(moneyMovement('deposit', 'Deposit successful')),

  withdraw: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account/{id}/withdraw',
        errorResponses: MOVEMENT_ROUTE_ERRORS,
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Withdraw money (refused with 422 "Insufficient funds" beyond the balance)',
      },
    })
    .input(moneyMovementInput)
    .output(movementOutput)
    .mutation(moneyMovement('withdraw', 'Withdrawal successful')),
});
