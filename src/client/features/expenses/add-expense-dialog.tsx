import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { AddExpenseForm } from './add-expense-form.js';

/** The "Add Expense" button and its dialog. The account starts as the given one, if any. */
export function AddExpenseButton({
  initialAccountId,
  accounts,
}: {
  initialAccountId: string | null;
  accounts: Account[] | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden />
        Add Expense
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add Expense"
        description="With an account chosen, the amount is taken from its balance."
      >
        <AddExpenseForm
          initialAccountId={initialAccountId}
          accounts={accounts ?? []}
          onCreated={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
