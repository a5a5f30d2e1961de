import { createCallerFactory, mergeRouters, router } from './trpc/init.js';
import { accountRouter } from './features/accounts/account-router.js';
import { expenseRouter, transactionRouter } from './features/ledger/ledger-router.js';
import { systemRouter } from './features/system/system-router.js';
import { keyAuthRouter } from './features/key-auth/key-auth-router.js';
import { authRouter } from './features/auth/auth-router.js';
import { analyticsRouter } from './features/analytics/analytics-router.js';
import { bookDataRouter } from './features/export/book-export-router.js';
import { csvExportRouter } from './features/export/csv-export-router.js';
import { configRouter } from './features/system/config-router.js';
import { importRouter } from './features/import/import-router.js';
import { ruleRouter } from './features/rules/rule-router.js';
import { entryRouter } from './features/ledger/entries/entry-router.js';
import { transferRouter } from './features/ledger/transfers/transfer-router.js';
import { changeRouter } from './features/ledger/changes/change-router.js';
import { reconciliationRouter } from './features/ledger/reconciliation/reconciliation-router.js';
import { bookRouter } from './features/books/book-router.js';
import { membershipRouter } from './features/books/membership-router.js';
import { invitationRouter } from './features/books/invitation-router.js';
import { settingsRouter } from './features/settings/settings-router.js';
import { categoryRouter } from './features/categories/category-router.js';
import { rateRouter } from './features/rates/rate-router.js';
import { activityRouter } from './features/activity/activity-router.js';
import { budgetRouter } from './features/budget/budget-router.js';

export const appRouter = router({
  account: accountRouter,
  expense: expenseRouter,
  // The list and its CSV: one view, two formats.
  transaction: mergeRouters(transactionRouter, csvExportRouter),
  system: systemRouter,
  keyAuth: keyAuthRouter,
  auth: authRouter,
  config: configRouter,
  imports: importRouter,
  rules: ruleRouter,
  entry: entryRouter,
  transfer: transferRouter,
  change: changeRouter,
  reconciliation: reconciliationRouter,
  book: bookRouter,
  member: membershipRouter,
  invitation: invitationRouter,
  activity: activityRouter,
  settings: settingsRouter,
  category: categoryRouter,
  analytics: analyticsRouter,
  bookData: bookDataRouter,
  rates: rateRouter,
  budget: budgetRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process, with the same validation and rules as both HTTP doors. */
export const createAppCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createAppCaller>;
