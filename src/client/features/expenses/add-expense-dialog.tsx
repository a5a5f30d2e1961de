import { useState, type RefObject } from 'react';
import { Plus } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { AddExpenseForm } from './add-expense-form.js';

/** The "Add Expense" dialog. The account starts as the given one, if any. */
export function AddExpenseDialog({
  open,
  onOpenChange,
  initialAccountId,
  accounts,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialAccountId: string | null;
  accounts: Account[] | undefined;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Add Expense"
      description="With an account chosen, the amount is taken from its balance."
    >
      <AddExpenseForm
        initialAccountId={initialAccountId}
        accounts={accounts ?? []}
        onCreated={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

/** The "Add Expense" button and its dialog. */
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
      <AddExpenseDialog
        open={open}
        onOpenChange={setOpen}
        initialAccountId={initialAccountId}
        accounts={accounts}
      />
    </>
  );
}
