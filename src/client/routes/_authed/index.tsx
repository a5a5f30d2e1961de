import { lazy, Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import {
  AccountsOverviewCard,
  QUICK_ACTION_CLASS,
} from '../../features/accounts/accounts-overview-card.js';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { prefetchDashboardFigures } from '../../features/analytics/api.js';
import { MonthSpendingCard } from '../../features/analytics/month-spending-card.js';
import { NetWorthCard } from '../../features/analytics/net-worth-card.js';
import { BaseCurrencyTotal } from '../../features/analytics/base-currency-total.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';
import { prefetchRecentTransactions, useRecentTransactions } from '../../features/ledger/api.js';
import { RecentTransactionsCard } from '../../features/ledger/recent-transactions-card.js';
import { EntryButton } from '../../features/transactions/entry-button.js';
import { prefetchCategoryGroups } from '../../lib/categories.js';

// The guide's account dialog (Radix, the forms, zod) loads on first opening, so the dashboard's first
// load stays within its budget (docs/client.md#chunks-and-the-first-load-budget).
const AccountFormDialog = lazy(() =>
  import('../../features/accounts/account-form-dialog.js').then((module) => ({
    default: module.AccountFormDialog,
  })),
);

type DialogOf = (props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) => ReactNode;

/** A button of the first-run guide and the dialog it opens, fetched on the first click. */
function DialogButton({ label, dialog }: { label: string; dialog: DialogOf }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing runs the dialog's own focus return.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden />
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          {dialog({ open, onOpenChange: setOpen, returnFocusTo: button })}
        </Suspense>
      )}
    </>
  );
}

function DashboardRoute() {
  const accounts = useAccounts();
  const recent = useRecentTransactions();
  return (
    <DashboardPage
      loading={accounts.isPending || recent.isPending}
      firstRun={
        accounts.data && recent.data
          ? { accountCount: accounts.data.length, entryCount: recent.data.length }
          : undefined
      }
      createAccount={
        <DialogButton label="Add Account" dialog={(props) => <AccountFormDialog {...props} />} />
      }
      addExpense={
        <EntryButton variant="primary" start={{ type: 'expense' }}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Expense
        </EntryButton>
      }
      accountsCard={
        <AccountsOverviewCard
          convertedTotal={<BaseCurrencyTotal />}
          add={(icon) => (
            <EntryButton start={{ type: 'expense' }} size="sm" className={QUICK_ACTION_CLASS}>
              {icon}
              Add
            </EntryButton>
          )}
          send={(icon) => (
            <EntryButton start={{ type: 'transfer' }} size="sm" className={QUICK_ACTION_CLASS}>
              {icon}
              Send
            </EntryButton>
          )}
        />
      }
      recentTransactionsCard={<RecentTransactionsCard />}
      spendingCard={<MonthSpendingCard />}
      netWorthCard={<NetWorthCard />}
    />
  );
}

export const Route = createFileRoute('/_authed/')({
  staticData: { title: 'Dashboard' },
  // Every request starts as soon as the route matches, while the dashboard's code is on its way.
  loader: ({ context }) => {
    prefetchAccounts(context.trpc);
    prefetchRecentTransactions(context.trpc);
    prefetchDashboardFigures(context.trpc);
    // The recent entries name their categories: asked for now rather than once that card has
    // mounted, which for a new person waits for the first-run guide's code too.
    prefetchCategoryGroups(context.trpc);
  },
  component: DashboardRoute,
});
