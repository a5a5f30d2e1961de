import type { Account } from '../../../shared/schemas/account.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { ExpenseRow } from './expense-row.js';

export function ExpenseList({
  expenses,
  accounts,
}: {
  expenses: Transaction[];
  accounts: Account[];
}) {
  if (expenses.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">No expenses found.</p>;
  }
  return (
    <ul className="divide-y divide-border">
      {expenses.map((expense) => (
        <ExpenseRow key={expense.id} expense={expense} accounts={accounts} />
      ))}
    </ul>
  );
}
