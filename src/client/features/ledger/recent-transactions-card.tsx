import { Link } from '@tanstack/react-router';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { TransactionList } from '../../components/widgets/transaction-list.js';
import { useAccountNames, useRecentTransactions } from './api.js';
import { useCategoryNames } from '../../lib/categories.js';

function RecentTransactions() {
  const recent = useRecentTransactions();
  const categoryNames = useCategoryNames();
  const accountNames = useAccountNames();
  if (recent.isPending) return <PageSpinner label="Loading transactions" />;
  if (recent.isError) {
    return <QueryError query={recent} fallback="Could not load your transactions." />;
  }
  return (
    <TransactionList
      transactions={recent.data}
      categoryNames={categoryNames}
      accountNames={accountNames.data}
    />
  );
}

/** The latest ledger entries across all accounts. */
export function RecentTransactionsCard() {
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <CardTitle>Recent Transactions</CardTitle>
        <p className="text-sm text-muted-foreground">Your latest activity across all accounts.</p>
      </div>
      <RecentTransactions />
      <div className="mt-auto space-y-2">
        <Link
          to="/transactions"
          className="inline-flex h-10 w-full items-center justify-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
        >
          View All Transactions
        </Link>
      </div>
    </Card>
  );
}
