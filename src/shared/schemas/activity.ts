import { z } from 'zod';
import { envelope, isoDateTime, memberIdSchema } from './common.js';
import { pageShape } from './ledger.js';
import { ACTIVITY_AREAS } from '../live-updates.js';

export { ACTIVITY_AREAS, LIVE_EVENTS_PATH, type ActivityArea } from '../live-updates.js';

/**
 * A book's activity (docs/live-updates.md): who changed what, newest first, and the live
 * notices of those changes.
 */

export const ACTIVITY_PAGE_DEFAULT = 50;

export const listActivityInput = z.object({
  ...pageShape,
  memberId: memberIdSchema.optional().meta({ description: 'Only the changes of this member' }),
  area: z
    .enum(ACTIVITY_AREAS, { error: `area must be one of ${ACTIVITY_AREAS.join(', ')}` })
    .optional()
    .meta({ description: 'Only the changes in this area (the part of kind before the dot)' }),
});
export type ListActivityInput = z.infer<typeof listActivityInput>;

export const activityItemSchema = z.object({
  id: z.string().meta({ description: 'Also the id of its live notice (Last-Event-ID)' }),
  kind: z.string().meta({
    description: 'What was done: the procedure that did it, such as entry.create or member.update',
  }),
  area: z.enum(ACTIVITY_AREAS),
  actor: z
    .object({ userId: z.string(), email: z.string() })
    .nullable()
    .meta({ description: 'Who did it; null when that user no longer exists' }),
  at: isoDateTime,
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageOutput = envelope(
  z.object({
    items: z.array(activityItemSchema),
    nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
  }),
);
