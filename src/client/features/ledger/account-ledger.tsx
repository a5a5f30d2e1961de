import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { TransactionList } from '../../components/widgets/transaction-list.js';
import { useAccountLedger, useAccountNames } from './api.js';
import { useCategoryNames } from '../../lib/categories.js';
import { ClearedToggle } from './cleared-toggle.js';
import { ReconcileButton } from './reconcile-dialog.js';

const clearedToggle = (transaction: Parameters<typeof ClearedToggle>[0]['transaction']) => (
  <ClearedToggle transaction={transaction} />
);

/** One account's ledger, newest first, a page at a time. */
export function AccountLedger({ accountId }: { accountId: string }) {
  const ledger = useAccountLedger(accountId);
  const categoryNames = useCategoryNames();
  const accountNames = useAccountNames();

  if (ledger.isPending) return <PageSpinner label="Loading transactions" />;
  if (ledger.isError) {
    return <QueryError query={ledger} fallback="Could not load the transactions." />;
  }
  return (
    <div>
      <div className="flex justify-end">
        <ReconcileButton accountId={accountId} />
      </div>
      <TransactionList
        transactions={ledger.data}
        categoryNames={categoryNames}
        accountNames={accountNames.data}
        accountId={accountId}
        emptyText="No transactions on this account yet."
        rowStart={clearedToggle}
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
