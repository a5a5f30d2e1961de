import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders } from '../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../trpc/book-mutation.js';
import {
  assignBudgetInput,
  budgetActionIdInput,
  budgetActionOutput,
  budgetExplanationOutput,
  budgetHistoryInput,
  budgetHistoryOutput,
  budgetMonthInput,
  budgetMonthOutput,
  budgetPlanInput,
  budgetPlanOutput,
  budgetSettingsInput,
  budgetSettingsOutput,
  coverBudgetInput,
  explainBudgetInput,
  fillFromGoalsInput,
  fillFromGoalsOutput,
  goalCategoryInput,
  goalDeletedOutput,
  goalListOutput,
  goalOutput,
  goalsInput,
  holdBudgetInput,
  moveBudgetInput,
  setGoalInput,
  setRolloverInput,
} from '../../../shared/schemas/budget.js';
import {
  assignBudget,
  coverBudget,
  explainBudget,
  fillFromGoals,
  holdBudget,
  listGoals,
  listBudgetHistory,
  moveBudget,
  readBudgetMonth,
  removeGoal,
  setGoal,
  setRollover,
  undoBudgetAction,
} from './budget-service.js';
import { readBudgetPlan } from './budget-plan-service.js';
import { readBudgetSettings, setBudgetSettings } from './budget-settings.js';

// The envelope budget (docs/budgets.md). Every action is a row of the book's budget log, written
// under the book's budget lock with its Idempotency-Key's record; reads compute from the log and
// the ledger.

const tags = ['Budget'];
const changed = (data: { action: unknown }) =>
  data.action === null ? 'Nothing to change' : 'Budget updated';

export const budgetRouter = router({
  month: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget',
        tags,
        summary:
          "A month of the budget: To assign and its parts, and each spending category's carried in, assigned, activity and available (base currency)",
      },
    })
    .input(budgetMonthInput)
    .output(budgetMonthOutput)
    .query(async ({ ctx, input }) =>
      ok(await readBudgetMonth(ctx.database.db, ctx.bookId, input.month)),
    ),

  settings: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget/settings',
        tags,
        summary: "The book's budget settings: whether credit cards get payment envelopes",
      },
    })
    .input(z.object({}))
    .output(budgetSettingsOutput)
    .query(async ({ ctx }) => ok(await readBudgetSettings(ctx.database.db, ctx.bookId))),

  setSettings: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/budget/settings',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Set the book's budget settings: credit cards with payment envelopes, or as ordinary accounts (every month changes at once)",
      },
    })
    .input(budgetSettingsInput)
    .output(budgetSettingsOutput)
    .mutation(bookMutation(setBudgetSettings, 'Budget settings saved')),

  plan: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget/plan',
        tags,
        summary:
          'Plan against actual: per spending category and month from `from` to `to`, what was budgeted, what was spent and the difference (base currency)',
      },
    })
    .input(budgetPlanInput)
    .output(budgetPlanOutput)
    .query(async ({ ctx, input }) =>
      ok(await readBudgetPlan(ctx.database.db, ctx.bookId, input.from, input.to)),
    ),

  assign: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/budget/assign',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Set what is assigned to a spending category in a month (records the difference; the same figure records nothing)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(assignBudgetInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(assignBudget, changed)),

  move: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/budget/move',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Move money between two spending categories, or between To assign (null) and one; 422 when the source has less available',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(moveBudgetInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(moveBudget, changed)),

  cover: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/budget/cover',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Cover a category's overspending in a month from To assign (all of it) or from another category (as much as it has); one not overspent records nothing (action null)",
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(coverBudgetInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(coverBudget, changed)),

  hold: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/budget/hold',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: "Set how much of a month's To assign is held for the next month (0 releases it)",
      },
    })
    .input(holdBudgetInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(holdBudget, changed)),

  setRollover: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/budget/rollover',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Set a spending category's rollover rule from a month on: surplus (default), both, none or capped",
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(setRolloverInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(setRollover, changed)),

  history: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget/actions',
        tags,
        summary: "The budget's log, newest first, 50 rows a page (nextCursor beside data)",
      },
    })
    .input(budgetHistoryInput)
    .output(budgetHistoryOutput)
    .query(async ({ ctx, input }) =>
      ok(await listBudgetHistory(ctx.database.db, ctx.bookId, input)),
    ),

  undo: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/budget/actions/{id}/undo',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Undo a row of the budget log as a new row (an undo can be undone); 409 when already undone',
      },
      refusals: ['CONFLICT'],
    })
    .input(budgetActionIdInput)
    .output(budgetActionOutput)
    .mutation(bookMutation(undoBudgetAction, () => 'Undone')),

  setGoal: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/api/budget/goals/{categoryId}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Set a spending category's goal: monthly amount, amount by a month (by-date, targetMonth), or refill up to an amount",
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(setGoalInput)
    .output(goalOutput)
    .mutation(bookMutation(setGoal, 'Goal saved')),

  deleteGoal: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/budget/goals/{categoryId}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: "Remove a category's goal (404 when it has none)",
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(goalCategoryInput)
    .output(goalDeletedOutput)
    .mutation(bookMutation(removeGoal, 'Goal removed')),

  goals: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget/goals',
        tags,
        summary:
          'Every goal of the book with what the month still needs for it and its progress (the dashboard draws these)',
      },
    })
    .input(goalsInput)
    .output(goalListOutput)
    .query(async ({ ctx, input }) => ok(await listGoals(ctx.database.db, ctx.bookId, input))),

  fillFromGoals: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/budget/fill',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Assign to every category with a goal what the month still needs for it (one undoable assignment each)',
      },
    })
    .input(fillFromGoalsInput)
    .output(fillFromGoalsOutput)
    .mutation(
      bookMutation(fillFromGoals, (data) =>
        data.actions.length === 0 ? 'Every goal is met this month' : 'Filled from goals',
      ),
    ),

  explain: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/budget/explain',
        tags,
        summary:
          "Exactly what makes up a category's available amount in a month, or To assign's: carried in, the parts, the log rows and the entries",
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(explainBudgetInput)
    .output(budgetExplanationOutput)
    .query(async ({ ctx, input }) => ok(await explainBudget(ctx.database.db, ctx.bookId, input))),
});
