import { lazy, Suspense, useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useEntryFormStore } from '../../stores/entry-form-store.js';

const EntryDialog = lazy(() =>
  import('./entry-dialog.js').then((module) => ({ default: module.EntryDialog })),
);

/**
 * The entry form's dialog for the signed-in layout: its code (Radix, the form, zod) is fetched
 * on the first opening, so no screen's first load carries it (docs/client.md#chunks-and-the-first-load-budget),
 * and it stays mounted from then on, so closing runs the dialog's own focus return. A move to
 * another screen (Back, a link) closes it, as the screen's own dialogs close with their screen.
 */
export function LazyEntryDialog() {
  const wanted = useEntryFormStore((state) => state.opened > 0);
  const close = useEntryFormStore((state) => state.close);
  const path = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => close(), [path, close]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <EntryDialog />
    </Suspense>
  );
}
