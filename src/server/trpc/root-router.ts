import { router } from './init.js';
import { accountRouter } from '../features/accounts/account-router.js';
import { expenseRouter, transactionRouter } from '../features/ledger/ledger-router.js';
import { systemRouter } from '../features/system/system-router.js';

export const appRouter = router({
  account: accountRouter,
  expense: expenseRouter,
  transaction: transactionRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
