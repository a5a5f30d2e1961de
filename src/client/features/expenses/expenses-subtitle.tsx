import { trpc } from '../../lib/trpc.js';
import type { ExpenseScope } from './use-expenses.js';

/** Says whose expenses the list shows. */
export function ExpensesSubtitle({
  scope,
  defaultAccountId,
}: {
  scope: ExpenseScope;
  defaultAccountId: string | null;
}) {
  const accounts = trpc.account.list.useQuery({}, { enabled: scope === 'default-account' });
  const title = accounts.data?.data.find((account) => account.id === defaultAccountId)?.title;

  let text = 'Showing all your expenses. Set a default account to see only its expenses.';
  if (scope === 'default-account') {
    text = title
      ? `Showing expenses for your default account, ${title}.`
      : 'Showing expenses for your default account.';
  } else if (scope === 'default-missing') {
    text = 'Your default account is no longer available, so all your expenses are shown.';
  }
  return <p className="text-sm text-muted-foreground">{text}</p>;
}
