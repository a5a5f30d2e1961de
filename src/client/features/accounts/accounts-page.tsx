import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { trpc } from '../../lib/trpc.js';
import { AccountCard } from './account-card.js';
import { AccountForm } from './account-form.js';
import { AccountFormDialog } from './account-form-dialog.js';
import { DEFAULT_ACCOUNT_SORT, viewAccounts, type AccountSort } from './account-list-view.js';
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

/** /accounts: the user's accounts as a searchable, sortable grid of cards. */
export function AccountsPage() {
  const accounts = trpc.account.list.useQuery({});
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AccountSort>(DEFAULT_ACCOUNT_SORT);
  const [adding, setAdding] = useState(false);

  const all = accounts.data?.data ?? [];
  const shown = viewAccounts(all, search, sort);

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
      <AccountsToolbar search={search} onSearch={setSearch} sort={sort} onSort={setSort} />
      {body()}
      <AccountFormDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
