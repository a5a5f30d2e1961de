import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import {
  bookIdInput,
  bookListOutput,
  bookOutput,
  createBookInput,
  updateBookInput,
} from '../../../shared/schemas/book.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { okMessage } from '../../trpc/envelope.js';
import { createBook, deleteBook, getBook, listBooks, updateBook } from './book-service.js';

// The books a person is in, and the one a call works on (docs/sharing.md).

const tags = ['Book'];

export const bookRouter = router({
  list: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'GET',
        path: '/api/books',
        tags,
        summary:
          'Every book you are a member of, with your role: your personal book first. Pass a book’s id as bookId (or X-Book-Id) to work on it',
      },
    })
    .input(z.object({}))
    .output(bookListOutput)
    .query(async ({ ctx }) => ok(await listBooks(ctx.database.db, ctx.user.id))),

  create: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'POST',
        path: '/api/books',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Start a new book (a household, a side business) with you as its owner and the default categories',
      },
    })
    .input(createBookInput)
    .output(bookOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await createBook(db, { userId: ctx.user.id, personalBookId: ctx.bookId }, input),
          'Book created',
        ),
      ),
    ),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book',
        tags,
        summary:
          'Your book: its name, time zone, base currency, your role in it and whether rules apply to entries added by hand',
      },
    })
    .input(z.object({}))
    .output(bookOutput)
    .query(async ({ ctx }) => ok(await getBook(ctx.database.db, ctx.bookId, ctx.user.id))),

  update: protectedProcedure
    .meta({
      bookAccess: 'owner',
      openapi: {
        method: 'PATCH',
        path: '/api/book',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Rename your book, set its IANA time zone (the day new entries default to), its base currency (ISO 4217, what totals across currencies are shown in) or turn rules on or off for entries added by hand',
      },
    })
    .input(updateBookInput)
    .output(bookOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await updateBook(db, { bookId: ctx.bookId, userId: ctx.user.id }, input),
          'Book updated',
        ),
      ),
    ),

  delete: protectedProcedure
    .meta({
      // The book is the one the path names, checked by the service (owners only).
      bookAccess: 'none',
      refusals: ['CONFLICT', 'FORBIDDEN'],
      openapi: {
        method: 'DELETE',
        path: '/api/books/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Delete a shared book and everything in it, for every member (owners only; a personal book cannot be deleted)',
      },
    })
    .input(bookIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await deleteBook(db, { bookId: input.id, userId: ctx.user.id });
        ctx.changedBooks.add(input.id);
        return okMessage('Book deleted');
      }),
    ),
});
