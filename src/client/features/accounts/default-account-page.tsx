import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { isNotFoundError } from '../../lib/api-error.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';
import { useAccount } from './api.js';
import { AccountSummary } from './account-summary.js';

function NoDefault() {
  return (
    <Card className="space-y-3">
      <p>No default account set.</p>
      <p className="text-sm text-muted-foreground">
        Open an account and choose <strong>Set as Default</strong> from its menu.{' '}
        <Link to="/accounts" className="font-medium text-primary underline">
          Go to your accounts
        </Link>
      </p>
    </Card>
  );
}

function DefaultGone({ onReset }: { onReset: () => void }) {
  return (
    <Card role="alert" className="space-y-3">
      <p>Your default account is no longer available. It may have been deleted.</p>
      <Button variant="outline" onClick={onReset}>
        Reset default account
      </Button>
    </Card>
  );
}

function DefaultAccount({ accountId, onReset }: { accountId: string; onReset: () => void }) {
  const query = useAccount(accountId);
  if (query.isPending) return <PageSpinner label="Loading default account" />;
  if (query.isError) {
    if (isNotFoundError(query.error)) return <DefaultGone onReset={onReset} />;
    return <QueryError query={query} fallback="Could not load your default account." />;
  }
  const account = query.data;
  return (
    <Card className="space-y-4">
      <AccountSummary account={account} />
      <Link
        to="/accounts/$accountId"
        params={{ accountId: account.id }}
        className="inline-block text-sm font-medium text-primary underline"
      >
        View Details
      </Link>
    </Card>
  );
}

/** /account: the account chosen as default on this device, if any. */
export function DefaultAccountPage() {
  const defaultAccountId = useDefaultAccountStore((state) => state.defaultAccountId);
  const reset = useDefaultAccountStore((state) => state.reset);
  return (
    <section aria-labelledby="default-account-heading" className="mx-auto max-w-2xl space-y-6">
      <h1 id="default-account-heading" className="text-2xl font-bold">
        Default Account
      </h1>
      {defaultAccountId ? (
        <DefaultAccount accountId={defaultAccountId} onReset={reset} />
      ) : (
        <NoDefault />
      )}
    </section>
  );
}
