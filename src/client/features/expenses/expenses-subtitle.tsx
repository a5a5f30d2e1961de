import type { ExpenseScope } from './use-expenses.js';

/** Says whose expenses the list shows. */
export function ExpensesSubtitle({
  scope,
  title,
}: {
  scope: ExpenseScope;
  /** The default account's title, once known. */
  title: string | undefined;
}) {
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
