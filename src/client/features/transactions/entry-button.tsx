import type { ReactNode } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.js';
import { useOpenEntryForm, type EntryFormRequest } from '../../stores/entry-form-store.js';

/**
 * A button that opens the one entry form (docs/client.md#one-entry-form) with `start`: the
 * dashboard's Add and Send, the Transactions page's Transfer. The form's code is fetched on the
 * first opening (lazy-entry-dialog.tsx), so the dashboard's first load stays within its budget.
 */
export function EntryButton({
  start,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & { start: EntryFormRequest; children: ReactNode }) {
  const open = useOpenEntryForm();
  return (
    <Button variant="outline" {...buttonProps} onClick={() => open(start)}>
      {children}
    </Button>
  );
}

/** The Transactions page's Transfer button. */
export function TransferButton() {
  return (
    <EntryButton start={{ type: 'transfer' }}>
      <ArrowLeftRight className="h-4 w-4" aria-hidden />
      Transfer
    </EntryButton>
  );
}
