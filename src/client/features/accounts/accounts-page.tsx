import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { useAccounts } from './api.js';
import { AccountCard } from './account-card.js';
import { AccountForm } from './account-form.js';
import { AccountFormDialog } from './account-form-dialog.js';
import { viewAccounts, type AccountListView } from './account-list-view.js';
import { AccountsToolbar } from './accounts-toolbar.js';

/** No accounts yet: say so, and offer the form right here. */
function NoAccounts() {
  return (
    <div className="mx-auto max-w-md space-y-4 py-6">
      <p className="text-center text-muted-foreground">No accounts found</p>
      <Card>
        <CardTitle className="mb-4">Add your first account</CardTitle>
        <AccountForm />
      </Card>
    </div>
  );
}

/**
 * /accounts: the user's accounts as a searchable, sortable grid of cards. The search and the
 * order are the route's (its URL), so they survive a reload and come back with Back.
 */
export function AccountsPage({
  view,
  onViewChange,
}: {
  view: AccountListView;
  onViewChange: (view: AccountListView) => void;
}) {
  const accounts = useAccounts();
  const [adding, setAdding] = useState(false);

  const all = accounts.data ?? [];
  const shown = viewAccounts(all, view.search, view.sort);

  function body() {
    if (accounts.isPending) return <PageSpinner label="Loading accounts" />;
    if (accounts.isError) {
      return <QueryError query={accounts} fallback="Could not load your accounts." />;
    }
    if (all.length === 0) return <NoAccounts />;
    if (shown.length === 0) {
      return (
        <p className="py-12 text-center text-muted-foreground">
          No accounts found. Try a different search.
        </p>
      );
    }
    return (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {shown.map((account) => (
          <li key={account.id} className="flex">
            <AccountCard account={account} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="accounts-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="accounts-heading" className="text-2xl font-bold">
          Your Accounts
        </h1>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Account
        </Button>
      </div>
      <AccountsToolbar
        search={view.search}
        onSearch={(search) => onViewChange({ ...view, search })}
        sort={view.sort}
        onSort={(sort) => onViewChange({ ...view, sort })}
      />
      {body()}
      <AccountFormDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
