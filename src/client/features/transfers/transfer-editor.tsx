import { lazy, Suspense, type ComponentProps } from 'react';
import { PageSpinner } from '../../components/widgets/page-spinner.js';

const TransferForm = lazy(() =>
  import('./transfer-dialog.js').then((module) => ({ default: module.TransferForm })),
);

/**
 * The transfer form in edit mode, for the ledger's entry panel. Its code is the transfer
 * dialog's chunk, fetched when a transfer is first opened (as the Transfer button does).
 */
export function TransferEditor(
  props: Required<Pick<ComponentProps<typeof TransferForm>, 'editing'>> &
    Omit<ComponentProps<typeof TransferForm>, 'editing'>,
) {
  return (
    <Suspense fallback={<PageSpinner label="Loading the transfer" />}>
      <TransferForm {...props} />
    </Suspense>
  );
}
