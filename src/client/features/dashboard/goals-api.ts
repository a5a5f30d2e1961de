import { trpc } from '../../lib/trpc.js';
import { unwrap } from '../../lib/envelope.js';

/** The book's goals in a month ('YYYY-MM'), each with its progress (docs/budgets.md#goals). */
export const useGoals = (month: string) =>
  trpc.budget.goals.useQuery({ month }, { select: unwrap });
