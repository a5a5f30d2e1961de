import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { oneAtATimeProcedure } from '../../trpc/heavy-work.js';
import { ok, okOrdered, okMessage } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { bookMutation } from '../../trpc/book-mutation.js';
import { changeOutput } from '../../../shared/schemas/entry.js';
import {
  applyRuleInput,
  createRuleInput,
  reorderRulesInput,
  ruleIdInput,
  ruleListOutput,
  ruleOutput,
  ruleTestOutput,
  testRuleInput,
  updateRuleInput,
} from '../../../shared/schemas/rule.js';
import {
  changeRule,
  createRule,
  listBookRules,
  removeRule,
  reorderRules,
  testRule,
} from './rule-service.js';
import { applyRule } from './rule-apply.js';

const tags = ['Rules'];

// Rules that categorise imported entries (docs/import.md#rules).
export const ruleRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/rules',
        tags,
        summary: 'Your rules, in the order they apply',
      },
    })
    .input(z.object({}))
    .output(ruleListOutput)
    .query(async ({ ctx }) => okOrdered(await listBookRules(ctx.database.db, ctx.bookId))),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/rules',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Add a rule (it applies after the others)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(createRuleInput)
    .output(ruleOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await createRule(db, ctx.bookId, input), 'Rule added'),
      ),
    ),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/rules/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Change a rule (all its fields)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(updateRuleInput)
    .output(ruleOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        const { id, ...draft } = input;
        return ok(await changeRule(db, ctx.bookId, id, draft), 'Rule updated');
      }),
    ),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/rules/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete a rule',
      },
    })
    .input(ruleIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await removeRule(db, ctx.bookId, input.id);
        return okMessage('Rule deleted');
      }),
    ),

  reorder: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/rules/reorder',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Put every rule of the book in a new order',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(reorderRulesInput)
    .output(ruleListOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        okOrdered(await reorderRules(db, ctx.bookId, input.ruleIds)),
      ),
    ),

  test: oneAtATimeProcedure('rule-test')
    .meta({
      changesNothing: true,
      openapi: {
        method: 'POST',
        path: '/api/rules/test',
        tags,
        summary: 'What a rule would match among your latest entries (nothing is saved)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(testRuleInput)
    .output(ruleTestOutput)
    .mutation(async ({ ctx, input }) => ok(await testRule(ctx.database.db, ctx.bookId, input))),
  applyToEntries: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/rules/apply',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Apply a rule (saved or not) to the entries its test listed, as one change (undoable as one); 409 if any changed since the test',
      },
      refusals: ['UNPROCESSABLE', 'TRANSFER_ENTRY', 'CONFLICT'],
    })
    .input(applyRuleInput)
    .output(changeOutput)
    .mutation(
      bookMutation(applyRule, (data) =>
        data.count === 1 ? 'The rule changed 1 entry' : `The rule changed ${data.count} entries`,
      ),
    ),
});
