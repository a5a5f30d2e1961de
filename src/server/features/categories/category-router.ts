import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok, okOrdered, okMessage } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../trpc/book-mutation.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import {
  categoryGroupIdInput,
  categoryGroupOutput,
  categoryListOutput,
  categoryOutput,
  createCategoryGroupInput,
  createCategoryInput,
  deleteCategoryInput,
  deleteCategoryOutput,
  reorderCategoriesInput,
  reorderCategoryGroupsInput,
  updateCategoryGroupInput,
  updateCategoryInput,
} from '../../../shared/schemas/category.js';
import {
  createBookCategory,
  createCategoryGroup,
  deleteBookCategory,
  deleteCategoryGroup,
  listBookCategories,
  reorderBookCategories,
  reorderCategoryGroups,
  updateBookCategory,
  updateCategoryGroup,
} from './category-service.js';

// Categories and their groups (docs/ledger.md#categories). Every mutation is idempotent with an
// Idempotency-Key and writes through the key's transaction when there is one.

const tags = ['Categories'];

export const categoryRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/categories',
        tags,
        summary: 'Every category group of your book with its categories, in their order',
      },
    })
    .input(z.object({}))
    .output(categoryListOutput)
    .query(async ({ ctx }) => okOrdered(await listBookCategories(ctx.database.db, ctx.bookId))),

  createGroup: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/category-groups',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Create a category group (spending or income), placed last',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE'],
    })
    .input(createCategoryGroupInput)
    .output(categoryGroupOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await createCategoryGroup(db, ctx.bookId, input), 'Category group created'),
      ),
    ),

  updateGroup: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/category-groups/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Rename, archive or unarchive a category group',
      },
      refusals: ['CONFLICT'],
    })
    .input(updateCategoryGroupInput)
    .output(categoryGroupOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await updateCategoryGroup(db, ctx.bookId, input), 'Category group updated'),
      ),
    ),

  deleteGroup: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/category-groups/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete an empty category group (409 while it holds categories)',
      },
      refusals: ['CONFLICT'],
    })
    .input(categoryGroupIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await deleteCategoryGroup(db, ctx.bookId, input.id);
        return okMessage('Category group deleted');
      }),
    ),

  reorderGroups: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/category-groups/reorder',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Put the category groups in a new order (every group, each once)',
      },
      refusals: ['CONFLICT'],
    })
    .input(reorderCategoryGroupsInput)
    .output(categoryListOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        okOrdered(await reorderCategoryGroups(db, ctx.bookId, input), 'Category groups reordered'),
      ),
    ),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/categories',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Create a category in a group, placed last',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE'],
    })
    .input(createCategoryInput)
    .output(categoryOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await createBookCategory(db, ctx.bookId, input), 'Category created'),
      ),
    ),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/categories/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Rename a category, change its icon or colour, move it to another group, archive it',
      },
      refusals: ['CONFLICT'],
    })
    .input(updateCategoryInput)
    .output(categoryOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await updateBookCategory(db, ctx.bookId, input), 'Category updated'),
      ),
    ),

  reorder: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/categories/reorder',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Put the categories of one group in a new order (every one, each once)',
      },
      refusals: ['CONFLICT'],
    })
    .input(reorderCategoriesInput)
    .output(categoryGroupOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await reorderBookCategories(db, ctx.bookId, input), 'Categories reordered'),
      ),
    ),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/categories/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Delete a category; its entries and split lines move to reassignTo or become uncategorised, with history',
      },
    })
    .input(deleteCategoryInput)
    .output(deleteCategoryOutput)
    .mutation(bookMutation(deleteBookCategory, 'Category deleted')),
});
