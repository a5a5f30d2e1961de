import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { bookIdInput } from '../../../shared/schemas/book.js';
import {
  memberIdInput,
  memberListOutput,
  memberOutput,
  updateMemberInput,
} from '../../../shared/schemas/sharing.js';
import {
  changeMemberRole,
  leaveBook,
  listBookMembers,
  removeMember,
} from './membership-service.js';

// The members of the book a call works on, and their roles (docs/sharing.md#roles).

const tags = ['Members'];

export const membershipRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book/members',
        tags,
        summary: 'The members of the book and their roles, owners first',
      },
    })
    .input(z.object({}))
    .output(memberListOutput)
    .query(async ({ ctx }) =>
      ok(await listBookMembers(ctx.database.db, { bookId: ctx.bookId, userId: ctx.user.id })),
    ),

  update: protectedProcedure
    .meta({
      bookAccess: 'owner',
      refusals: ['CONFLICT'],
      openapi: {
        method: 'PATCH',
        path: '/api/book/members/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Give a member another role (owners only). Hand ownership over by making another member an owner; a book always keeps one',
      },
    })
    .input(updateMemberInput)
    .output(memberOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await changeMemberRole(db, { bookId: ctx.bookId, userId: ctx.user.id }, input),
          'Role changed',
        ),
      ),
    ),

  remove: protectedProcedure
    .meta({
      bookAccess: 'owner',
      refusals: ['CONFLICT'],
      openapi: {
        method: 'DELETE',
        path: '/api/book/members/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Remove a member (owners only): their access ends with their next request; what they recorded stays',
      },
    })
    .input(memberIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await removeMember(db, { bookId: ctx.bookId, userId: ctx.user.id }, input.id);
        return okMessage('Member removed');
      }),
    ),

  leave: protectedProcedure
    .meta({
      // The book is the one the path names: a retry after leaving still finds its answer.
      bookAccess: 'none',
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/api/books/{id}/leave',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Leave a book (any member; not your personal book, and not as its last owner). Your personal book is untouched',
      },
    })
    .input(bookIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await leaveBook(db, { bookId: input.id, userId: ctx.user.id });
        ctx.changedBooks.add(input.id);
        return okMessage('You left the book');
      }),
    ),
});
