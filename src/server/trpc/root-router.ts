import { createCallerFactory, router } from './init.js';
import { accountRouter } from '../features/accounts/account-router.js';
import { expenseRouter, transactionRouter } from '../features/ledger/ledger-router.js';
import { systemRouter } from '../features/system/system-router.js';
import { keyAuthRouter } from '../features/key-auth/key-auth-router.js';
import { authRouter } from '../features/auth/auth-router.js';
import { configRouter } from '../features/system/config-router.js';

export const appRouter = router({
  account: accountRouter,
  expense: expenseRouter,
  transaction: transactionRouter,
  system: systemRouter,
  keyAuth: keyAuthRouter,
  auth: authRouter,
  config: configRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process, with the same validation and rules as both HTTP doors. */
export const createAppCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createAppCaller>;
