import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { isNotFoundError } from '../../lib/api-error.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';
import type { ReactNode } from 'react';
import { useAccount } from './api.js';
import { AccountActionsMenu } from './account-actions-menu.js';
import { AccountNotFound } from './account-not-found.js';
import { AccountSummary } from './account-summary.js';
import { MoneyButtons } from './money-buttons.js';

/** /accounts/{id}: one account, what can be done with it, and its recent ledger. */
export function AccountDetailsPage({
  accountId,
  ledger,
}: {
  accountId: string;
  /** The account's recent transactions, shown once the account itself has loaded. */
  ledger: ReactNode;
}) {
  const query = useAccount(accountId);
  const isDefault = useDefaultAccountStore((state) => state.defaultAccountId === accountId);

  if (query.isPending) return <PageSpinner label="Loading account" />;
  if (query.isError) {
    if (isNotFoundError(query.error)) return <AccountNotFound />;
    return <QueryError query={query} fallback="Could not load this account." />;
  }
  const account = query.data;

  return (
    <section aria-labelledby="account-details-heading" className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/accounts"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All accounts
      </Link>
      <div className="flex items-center justify-between gap-3">
        <h1 id="account-details-heading" className="text-2xl font-bold">
          Account Details
        </h1>
        <AccountActionsMenu account={account} />
      </div>
      <Card className="space-y-6">
        <AccountSummary
          account={account}
          badges={
            <>
              {isDefault && (
                <Badge className="bg-accent text-accent-foreground">Default account</Badge>
              )}
            </>
          }
        />
        <div className="flex flex-wrap gap-2">
          <MoneyButtons account={account} size="md" />
        </div>
      </Card>
      <Card>
        <CardTitle className="mb-2">Recent Transactions</CardTitle>
        {ledger}
      </Card>
    </section>
  );
}
