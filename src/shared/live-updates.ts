/**
 * What client and server share of a book's live updates and activity (docs/live-updates.md),
 * without the schemas: the web app's stream is on every signed-in screen, and must not bring
 * zod with it (docs/client.md#chunks-and-the-first-load-budget).
 */

/** Where a book's live notices stream from (server-sent events; not a tRPC procedure). */
export const LIVE_EVENTS_PATH = '/api/book/events';

/**
 * The areas of a book a change can be in: the part of its kind before the dot. Every mutation
 * that works on a book is in one of these (a test reads the router to keep this list whole).
 */
export const ACTIVITY_AREAS = [
  'account',
  'expense',
  'entry',
  'transfer',
  'change',
  'reconciliation',
  'imports',
  'rules',
  'category',
  'rates',
  'bookData',
  'book',
  'member',
  'invitation',
  'budget',
] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];
