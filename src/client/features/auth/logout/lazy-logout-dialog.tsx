import { lazy, Suspense } from 'react';
import type { DialogComponent } from '../../../components/overlays/dialog-component.js';

const Dialog = lazy(() =>
  import('./logout-dialog.js').then((module) => ({ default: module.LogoutDialog })),
);

/**
 * The logout confirmation for the app shell's profile menu, its code (Radix alert dialog)
 * fetched when first rendered: the menu renders it closed, so it is there once it is opened.
 */
export const LazyLogoutDialog: DialogComponent = (props) => (
  <Suspense fallback={null}>
    <Dialog {...props} />
  </Suspense>
);
