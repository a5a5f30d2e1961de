import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { AppError } from '../../lib/app-error.js';
import {
  ACTIVITY_AREAS,
  ACTIVITY_PAGE_DEFAULT,
  activityPageOutput,
  listActivityInput,
  type ActivityArea,
  type ActivityItem,
} from '../../../shared/schemas/activity.js';
import { findMemberBook, MEMBER_NOT_FOUND } from '../books/index.js';
import { listActivity } from './activity-repository.js';

// A book's activity feed: who changed what (docs/live-updates.md#activity).

const CURSOR = /^[0-9]{1,15}$/;
const areas = new Set<string>(ACTIVITY_AREAS);

export const activityRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book/activity',
        tags: ['Members'],
        summary:
          'What the members of the book changed, newest first, one page at a time (filter by member and area; nextCursor beside data)',
      },
    })
    .input(listActivityInput)
    .output(activityPageOutput)
    .query(async ({ ctx, input }) => {
      if (input.cursor !== undefined && !CURSOR.test(input.cursor)) {
        throw new AppError('VALIDATION_ERROR', 'Invalid cursor');
      }
      // Like every id, a member's: one who is not (or no longer) in the book is not found. Their
      // earlier changes stay in the feed, unfiltered.
      if (
        input.memberId !== undefined &&
        !(await findMemberBook(ctx.database.db, ctx.bookId, input.memberId))
      ) {
        throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      }
      const limit = input.limit ?? ACTIVITY_PAGE_DEFAULT;
      const rows = await listActivity(ctx.database.db, ctx.bookId, {
        actorId: input.memberId,
        area: input.area,
        beforeId: input.cursor === undefined ? undefined : Number(input.cursor),
        limit: limit + 1,
      });
      const items: ActivityItem[] = rows.slice(0, limit).map((row) => {
        const area = row.kind.split('.')[0] ?? '';
        return {
          id: String(row.id),
          kind: row.kind,
          // Every kind recorded is a procedure's path, and every area is listed (a test keeps it so).
          area: (areas.has(area) ? area : 'book') as ActivityArea,
          actor:
            row.actor_id !== null && row.email !== null
              ? { userId: row.actor_id, email: row.email }
              : null,
          at: row.created_at.toISOString(),
        };
      });
      const last = items.at(-1);
      return ok({ items, nextCursor: rows.length > limit && last ? last.id : null });
    }),
});
