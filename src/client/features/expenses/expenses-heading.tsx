import type { ReactNode } from 'react';
import { AddExpenseButton } from './add-expense-button.js';

/** The heading of /expenses and /all-expenses, with its Add Expense button (the one entry form). */
export function ExpensesHeading(props: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  initialAccountId: string | null;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="space-y-1">
        <h1 id={props.id} className="text-2xl font-bold">
          {props.title}
        </h1>
        {props.subtitle}
      </div>
      <AddExpenseButton initialAccountId={props.initialAccountId} />
    </div>
  );
}
