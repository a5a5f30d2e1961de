import { useMutation } from '@tanstack/react-query';
import type { BookExport } from '../../../shared/schemas/book-export.js';
import { unwrap } from '../../lib/envelope.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * Restores a full export into the person's (empty) book; afterwards every view of money is
 * stale. It answers the counts restored, and carries its submission's Idempotency-Key, so a retry never restores twice.
 */
export function useRestoreBook() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ file, idempotencyKey }: { file: BookExport; idempotencyKey: string }) =>
      utils.client.bookData.restore
        .mutate({ file }, withIdempotencyKey(idempotencyKey))
        .then(unwrap),
    onSuccess: () => void invalidateMoneyViews(utils),
    ...RETRY_UNANSWERED,
  });
}
