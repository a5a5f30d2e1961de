import { lazy, Suspense } from 'react';
import { useEntryFormStore } from '../../stores/entry-form-store.js';

const EntryDialog = lazy(() =>
  import('./entry-dialog.js').then((module) => ({ default: module.EntryDialog })),
);

/**
 * The entry form's dialog for the signed-in layout: its code (Radix, the form, zod) is fetched
 * on the first opening, so no screen's first load carries it (docs/client.md#chunks-and-the-first-load-budget),
 * and it stays mounted from then on, so closing runs the dialog's own focus return.
 */
export function LazyEntryDialog() {
  const wanted = useEntryFormStore((state) => state.opened > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <EntryDialog />
    </Suspense>
  );
}
