import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import {
  acceptedInvitationOutput,
  createInvitationInput,
  createdInvitationOutput,
  invitationIdInput,
  invitationListOutput,
  invitationPreviewOutput,
  invitationTokenInput,
} from '../../../shared/schemas/sharing.js';
import { getBook } from './book-service.js';
import { listBookMembers } from './membership-service.js';
import {
  acceptInvitation,
  createInvitation,
  declineInvitation,
  listBookInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitation-service.js';

// Invitations into the book a call works on, and answering one (docs/sharing.md#invitations).

const tags = ['Invitations'];

export const invitationRouter = router({
  list: protectedProcedure
    .meta({
      bookAccess: 'owner',
      openapi: {
        method: 'GET',
        path: '/api/book/invitations',
        tags,
        summary: 'The book’s invitations, newest first, with what became of each (owners only)',
      },
    })
    .input(z.object({}))
    .output(invitationListOutput)
    .query(async ({ ctx }) =>
      ok(
        await listBookInvitations(ctx.database.db, ctx.clock, {
          bookId: ctx.bookId,
          userId: ctx.user.id,
        }),
      ),
    ),

  create: protectedProcedure
    .meta({
      bookAccess: 'owner',
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/api/book/invitations',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Invite someone with a role (owners only): mailed when email is given; the answer carries the single-use link, valid 7 days, shown only once',
      },
    })
    .input(createInvitationInput)
    .output(createdInvitationOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await createInvitation(
            db,
            { clock: ctx.clock, mail: ctx.mail, log: ctx.log },
            { bookId: ctx.bookId, userId: ctx.user.id, email: ctx.user.email },
            input,
          ),
          input.email ? `Invitation sent to ${input.email}` : 'Invitation link created',
        ),
      ),
    ),

  revoke: protectedProcedure
    .meta({
      bookAccess: 'owner',
      refusals: ['CONFLICT'],
      openapi: {
        method: 'DELETE',
        path: '/api/book/invitations/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Withdraw an open invitation (owners only): its link stops working',
      },
    })
    .input(invitationIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await revokeInvitation(
          db,
          ctx.clock,
          { bookId: ctx.bookId, userId: ctx.user.id },
          input.id,
        );
        return okMessage('Invitation withdrawn');
      }),
    ),

  preview: protectedProcedure
    .meta({
      bookAccess: 'none',
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'GET',
        path: '/api/invitations/preview',
        tags,
        summary:
          'What an invitation link offers (the book, the role, who invited, whether it is still open), before you answer it',
      },
    })
    .input(invitationTokenInput)
    .output(invitationPreviewOutput)
    .query(async ({ ctx, input }) =>
      ok(await previewInvitation(ctx.database.db, ctx.clock, ctx.user.id, input.token)),
    ),

  accept: protectedProcedure
    .meta({
      bookAccess: 'none',
      refusals: ['CONFLICT', 'NOT_FOUND'],
      openapi: {
        method: 'POST',
        path: '/api/invitations/accept',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Accept an invitation: you join its book with its role (send the book’s id as bookId to work on it)',
      },
    })
    .input(invitationTokenInput)
    .output(acceptedInvitationOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        const joined = await acceptInvitation(db, ctx.clock, ctx.user.id, input.token);
        ctx.changedBooks.add(joined.bookId);
        const book = await getBook(db, joined.bookId, ctx.user.id);
        const members = await listBookMembers(db, { bookId: joined.bookId, userId: ctx.user.id });
        const member = members.find((candidate) => candidate.you);
        if (!member) throw new Error('The member who just joined is not listed');
        return ok({ book, member }, `You joined ${joined.bookName} as ${joined.role}`);
      }),
    ),

  decline: protectedProcedure
    .meta({
      bookAccess: 'none',
      refusals: ['CONFLICT', 'NOT_FOUND'],
      openapi: {
        method: 'POST',
        path: '/api/invitations/decline',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Decline an invitation: its link stops working',
      },
    })
    .input(invitationTokenInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        const declined = await declineInvitation(db, ctx.clock, ctx.user.id, input.token);
        ctx.changedBooks.add(declined.bookId);
        return okMessage('Invitation declined');
      }),
    ),
});
