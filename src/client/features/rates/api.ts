import { useMutation } from '@tanstack/react-query';
import type { AddRateInput, Rate } from '../../../shared/schemas/rate.js';
import { unwrap } from '../../lib/envelope.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * The Rates page's data (docs/rates.md#the-rates-page): the book's rates a page at a time,
 * narrowed to a pair, and the three writes (add, delete, import a file), each with the
 * submission's Idempotency-Key. Every write refetches the loaded pages.
 */

/** The pair the table is narrowed to; an absent side is any currency. */
export interface RatePair {
  base?: string;
  quote?: string;
}

type RatePage = { items: Rate[]; nextCursor: string | null };

const nextCursorOf = (page: { data: RatePage }) => page.data.nextCursor ?? undefined;
const rowsOf = (pages: { pages: { data: RatePage }[] }) =>
  pages.pages.flatMap((page) => page.data.items);

export function useRates(pair: RatePair) {
  return trpc.rates.list.useInfiniteQuery(pair, {
    getNextPageParam: nextCursorOf,
    select: rowsOf,
  });
}

/**
 * A rate added, deleted or imported changes every figure in the base currency: the rates, and the
 * totals converted with them (analytics, a view's summary; docs/money.md#not-converted).
 */
function invalidateRateViews(utils: ReturnType<typeof trpc.useUtils>) {
  return Promise.all([
    utils.rates.invalidate(),
    utils.analytics.invalidate(),
    utils.transaction.summary.invalidate(),
  ]);
}

export function useAddRate() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: AddRateInput & { idempotencyKey: string }) =>
      utils.client.rates.add.mutate(input, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => invalidateRateViews(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useDeleteRate() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      utils.client.rates.delete.mutate({ id }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => invalidateRateViews(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useImportRates() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      ...input
    }: {
      fileName: string;
      content: string;
      idempotencyKey: string;
    }) => utils.client.rates.import.mutate(input, withIdempotencyKey(idempotencyKey)).then(unwrap),
    onSuccess: () => invalidateRateViews(utils),
    ...RETRY_UNANSWERED,
  });
}
