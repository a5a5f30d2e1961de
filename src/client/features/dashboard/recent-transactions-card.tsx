import { useId } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { TransactionList } from '../ledger/transaction-list.js';
import { useRecentTransactions } from './dashboard-queries.js';

function RecentTransactions() {
  const recent = useRecentTransactions();
  if (recent.isPending) return <PageSpinner label="Loading transactions" />;
  if (recent.isError) {
    return <QueryError query={recent} fallback="Could not load your transactions." />;
  }
  return <TransactionList transactions={recent.data.data.items} />;
}

/** The latest ledger entries across all accounts. */
export function RecentTransactionsCard() {
  const noteId = useId();
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <CardTitle>Recent Transactions</CardTitle>
        <p className="text-sm text-muted-foreground">Your latest activity across all accounts.</p>
      </div>
      <RecentTransactions />
      <div className="mt-auto space-y-2">
        <Button variant="outline" className="w-full" disabled aria-describedby={noteId}>
          View All Transactions
        </Button>
        <p id={noteId} className="text-xs text-muted-foreground">
          A full transaction history is coming soon.
        </p>
      </div>
    </Card>
  );
}
