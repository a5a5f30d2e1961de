import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { useOpenEntryForm } from '../../stores/entry-form-store.js';

/**
 * The "Add Expense" button: the one entry form (docs/client.md#one-entry-form) as an expense,
 * its account starting as the given one, if any.
 */
export function AddExpenseButton({ initialAccountId }: { initialAccountId: string | null }) {
  const open = useOpenEntryForm();
  return (
    <Button onClick={() => open({ type: 'expense', accountId: initialAccountId ?? undefined })}>
      <Plus className="h-4 w-4" aria-hidden />
      Add Expense
    </Button>
  );
}
