import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from './envelope.js';
import { RETRY_UNANSWERED } from './query-client.js';
import { trpc, withIdempotencyKey } from './trpc.js';
import { calendarDateIn } from '../../shared/dates.js';
import { newIdempotencyKey } from './idempotency-key.js';
import type { UpdateBookInput } from '../../shared/schemas/book.js';

/**
 * The caller's book (GET /api/book) as every screen reads it: its time zone decides what
 * "today" is (docs/settings.md). Here rather than in a feature, because features do not import
 * each other (docs/client.md).
 */

const STALE_AFTER_MS = 60_000;

export function useBook() {
  return trpc.book.get.useQuery({}, { select: unwrap, staleTime: STALE_AFTER_MS });
}

/** Changes the book (PATCH /api/book) with the submission's Idempotency-Key. */
export function useUpdateBook() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: UpdateBookInput & { idempotencyKey: string }) =>
      utils.client.book.update.mutate(input, withIdempotencyKey(idempotencyKey)),
    // The answer is the book as saved: every reader shows it at once, without a refetch.
    onSuccess: (answer) => utils.book.get.setData({}, answer),
    ...RETRY_UNANSWERED,
  });
}

/** This device's IANA time zone, e.g. Pacific/Auckland. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Today in the book's time zone, 'YYYY-MM-DD': the day a new entry defaults to. Until the book
 * has loaded, or while it has no time zone, the device's day.
 */
export function useToday(): string {
  const timeZone = useBook().data?.timeZone ?? deviceTimeZone();
  return calendarDateIn(timeZone, new Date());
}

/**
 * A book without a time zone takes this device's, once: otherwise its days would be UTC's and a
 * deposit made on an Auckland morning would be dated the day before. The settings screen shows
 * the zone and changes it. Only an owner may change a book (a shared book's editors and viewers
 * would be refused), so only an owner's device sets it.
 */
export function useAdoptDeviceTimeZone(): void {
  const book = useBook();
  const update = useUpdateBook();
  const unset =
    book.data !== undefined && book.data.timeZone === null && book.data.role === 'owner';
  const { mutate, isIdle } = update;
  useEffect(() => {
    if (unset && isIdle)
      mutate({ timeZone: deviceTimeZone(), idempotencyKey: newIdempotencyKey() });
  }, [unset, isIdle, mutate]);
}
