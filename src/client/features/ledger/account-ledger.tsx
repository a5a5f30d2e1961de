import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { trpc } from '../../lib/trpc.js';
import { TransactionList } from './transaction-list.js';

const PAGE_SIZE = 10;

/** One account's ledger, newest first, a page at a time. */
export function AccountLedger({ accountId }: { accountId: string }) {
  const ledger = trpc.transaction.list.useInfiniteQuery(
    { accountId, limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.data.nextCursor ?? undefined },
  );

  if (ledger.isPending) return <PageSpinner label="Loading transactions" />;
  if (ledger.isError) {
    return <QueryError query={ledger} fallback="Could not load the transactions." />;
  }
  const transactions = ledger.data.pages.flatMap((page) => page.data.items);
  return (
    <div>
      <TransactionList
        transactions={transactions}
        emptyText="No transactions on this account yet."
      />
      {ledger.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {ledger.isFetchingNextPage && <Spinner className="h-4 w-4" label="Loading more" />}
          Load more
        </Button>
      )}
    </div>
  );
}
