import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { expenseAccount } from './expense-account.js';

/** The expense's account by name, linked to its page; "No account" or "Deleted account" as text. */
export function ExpenseAccountLink({
  accountId,
  accounts,
}: {
  accountId: string | null;
  accounts: Account[];
}) {
  const account = expenseAccount(accountId, accounts);
  if (account.kind === 'none') return <>No account</>;
  if (account.kind === 'deleted') return <>Deleted account</>;
  return (
    <Link
      to="/accounts/$accountId"
      params={{ accountId: account.id }}
      className="font-medium text-primary underline-offset-2 [overflow-wrap:anywhere] hover:underline"
    >
      {account.title}
    </Link>
  );
}
