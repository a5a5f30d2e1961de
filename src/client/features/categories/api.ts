import { useMutation } from '@tanstack/react-query';
import type {
  CreateCategoryGroupInput,
  CreateCategoryInput,
  DeleteCategoryInput,
  ReorderCategoriesInput,
  ReorderCategoryGroupsInput,
  UpdateCategoryGroupInput,
  UpdateCategoryInput,
} from '../../../shared/schemas/category.js';
import { unwrap } from '../../lib/envelope.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * A category mutation with a fresh key (or the given one), refreshing the categories after, and
 * the budget, whose grid lists them by group.
 */
function useCategoryMutation<I, O>(
  call: (utils: Utils, input: I, key: string) => Promise<O>,
  alsoLedger = false,
) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: I & { idempotencyKey?: string }) =>
      call(utils, input as I, idempotencyKey ?? newIdempotencyKey()),
    onSuccess: () =>
      Promise.all([
        utils.category.invalidate(),
        utils.budget.invalidate(),
        ...(alsoLedger ? [utils.transaction.invalidate(), utils.expense.invalidate()] : []),
      ]),
    ...RETRY_UNANSWERED,
  });
}

export const useCreateGroup = () =>
  useCategoryMutation((utils, input: CreateCategoryGroupInput, key) =>
    utils.client.category.createGroup.mutate(input, withIdempotencyKey(key)),
  );

export const useUpdateGroup = () =>
  useCategoryMutation((utils, input: UpdateCategoryGroupInput, key) =>
    utils.client.category.updateGroup.mutate(input, withIdempotencyKey(key)),
  );

export const useDeleteGroup = () =>
  useCategoryMutation((utils, input: { id: string }, key) =>
    utils.client.category.deleteGroup.mutate(input, withIdempotencyKey(key)),
  );

export const useReorderGroups = () =>
  useCategoryMutation((utils, input: ReorderCategoryGroupsInput, key) =>
    utils.client.category.reorderGroups.mutate(input, withIdempotencyKey(key)),
  );

export const useCreateCategory = () =>
  useCategoryMutation((utils, input: CreateCategoryInput, key) =>
    utils.client.category.create.mutate(input, withIdempotencyKey(key)),
  );

export const useUpdateCategory = () =>
  useCategoryMutation((utils, input: UpdateCategoryInput, key) =>
    utils.client.category.update.mutate(input, withIdempotencyKey(key)),
  );

export const useReorderCategories = () =>
  useCategoryMutation((utils, input: ReorderCategoriesInput, key) =>
    utils.client.category.reorder.mutate(input, withIdempotencyKey(key)),
  );

export const useDeleteCategory = () =>
  useCategoryMutation(
    (utils, input: DeleteCategoryInput, key) =>
      utils.client.category.delete.mutate(input, withIdempotencyKey(key)).then(unwrap),
    true,
  );
