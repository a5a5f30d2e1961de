import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.js';

const TransferDialog = lazy(() =>
  import('./transfer-dialog.js').then((module) => ({ default: module.TransferDialog })),
);

/**
 * The button that opens the transfer dialog (the dashboard's Send, the Transactions page's
 * Transfer). The dialog's code (Radix, the form) is fetched on first open, so the dashboard's
 * first load stays within its budget (docs/client.md#chunks-and-the-first-load-budget).
 */
export function TransferButton({
  children,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing runs the dialog's own focus return.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        {...buttonProps}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {children ?? (
          <>
            <ArrowLeftRight className="h-4 w-4" aria-hidden />
            Transfer
          </>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <TransferDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
