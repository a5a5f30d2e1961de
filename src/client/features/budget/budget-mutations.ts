import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  assignBudgetInput,
  budgetSettingsInput,
  coverBudgetInput,
  holdBudgetInput,
  moveBudgetInput,
  setGoalInput,
  setRolloverInput,
} from '../../../shared/schemas/budget.js';
import { unwrap } from '../../lib/envelope.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * The budget's changes and its lazily read parts (the log, an explanation). Every change takes
 * the Idempotency-Key of the submission it belongs to (lib/use-submission.ts), is retried with
 * it when unanswered, and refreshes every budget query once done: one change moves figures of
 * this month, To assign, the log and the months after.
 */

type Keyed<T> = T & { idempotencyKey: string };

function useBudgetChange<Input extends object, Answer>(
  call: (input: Input, options: ReturnType<typeof withIdempotencyKey>) => Promise<Answer>,
) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: Keyed<Input>) =>
      call(input as unknown as Input, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => void utils.budget.invalidate(),
    ...RETRY_UNANSWERED,
  });
}

export function useAssignBudget() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof assignBudgetInput>, options) =>
    utils.client.budget.assign.mutate(input, options),
  );
}

/** Card envelopes on or off: every month changes, so every budget query refreshes. */
export function useSetBudgetSettings() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof budgetSettingsInput>, options) =>
    utils.client.budget.setSettings.mutate(input, options),
  );
}

export function useMoveBudget() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof moveBudgetInput>, options) =>
    utils.client.budget.move.mutate(input, options),
  );
}

export function useCoverBudget() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof coverBudgetInput>, options) =>
    utils.client.budget.cover.mutate(input, options),
  );
}

export function useHoldBudget() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof holdBudgetInput>, options) =>
    utils.client.budget.hold.mutate(input, options),
  );
}

export function useSetRollover() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof setRolloverInput>, options) =>
    utils.client.budget.setRollover.mutate(input, options),
  );
}

export function useSetGoal() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: z.input<typeof setGoalInput>, options) =>
    utils.client.budget.setGoal.mutate(input, options),
  );
}

export function useDeleteGoal() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: { categoryId: string }, options) =>
    utils.client.budget.deleteGoal.mutate(input, options),
  );
}

export function useFillFromGoals() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: { month: string }, options) =>
    utils.client.budget.fillFromGoals.mutate(input, options),
  );
}

export function useUndoBudgetAction() {
  const utils = trpc.useUtils();
  return useBudgetChange((input: { id: string }, options) =>
    utils.client.budget.undo.mutate(input, options),
  );
}

/** The month's log, newest first, a page at a time. */
export function useBudgetHistory(month: string) {
  return trpc.budget.history.useInfiniteQuery(
    { month },
    {
      getNextPageParam: (page) => page.data.nextCursor ?? undefined,
      select: (pages) => pages.pages.flatMap((page) => page.data.items),
    },
  );
}

/** How a category's Available (or To assign, without `categoryId`) came to be; read when shown. */
export function useBudgetExplanation(
  month: string,
  categoryId: string | undefined,
  enabled: boolean,
) {
  return trpc.budget.explain.useQuery(
    { month, ...(categoryId !== undefined && { categoryId }) },
    { select: unwrap, enabled },
  );
}
