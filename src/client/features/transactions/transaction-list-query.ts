import type { SearchTransactionsInput } from '../../../shared/schemas/ledger-query.js';
import type { TrpcUtils } from '../../lib/trpc.js';

/**
 * The list query of /transactions as its route loader starts it. Apart from api.ts because a
 * loader's imports ship in the entry chunk (docs/client.md#chunks-and-the-first-load-budget):
 * importing api.ts here put every hook and mutation of the ledger in every screen's first load.
 */

const PAGE_SIZE = 50;

/** A transfer is one row where every account is listed (docs/client.md#transfers-in-lists). */
export const listInput = (search: SearchTransactionsInput) => ({
  ...search,
  transfers: 'one' as const,
  limit: PAGE_SIZE,
});

export function prefetchTransactionSearch(utils: TrpcUtils, search: SearchTransactionsInput) {
  void utils.transaction.list.prefetchInfinite(listInput(search));
}
