import { Lock } from 'lucide-react';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useSetCleared } from './reconciliation-api.js';

/**
 * An entry's cleared mark on its account's page (docs/ledger.md#reconciliation): a labelled
 * checkbox, one click one undoable change. A reconciled entry shows a lock instead: it leaves its
 * reconciliation only through an edit the person confirms.
 */
export function ClearedToggle({ transaction }: { transaction: Transaction }) {
  const setCleared = useSetCleared();
  const name = transaction.description || transaction.payee || 'this transaction';
  if (transaction.cleared === 'reconciled') {
    return (
      <span
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center text-muted-foreground"
        title="Reconciled"
      >
        <Lock className="h-4 w-4" aria-hidden />
        <span className="sr-only">Reconciled: {name}</span>
      </span>
    );
  }
  return (
    <input
      type="checkbox"
      className="h-5 w-5 shrink-0 accent-primary"
      aria-label={`Cleared: ${name}`}
      checked={transaction.cleared === 'cleared'}
      disabled={setCleared.isPending}
      onChange={(event) => {
        setCleared.mutate(
          { id: transaction.id, cleared: event.target.checked },
          { onError: (error) => showFailure(error, 'Could not change the cleared mark') },
        );
      }}
    />
  );
}
