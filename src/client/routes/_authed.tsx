import { Fragment } from 'react';
import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.js';
import { useSignedInUser } from '../features/auth/api.js';
import { useAuthStore } from '../features/auth/auth-store.js';
import { useAdoptDeviceTimeZone } from '../lib/book.js';
import { useFollowLocaleSetting } from '../lib/settings.js';
import { useLocaleStore } from '../lib/locale.js';
import { LazyLogoutDialog } from '../features/auth/logout/lazy-logout-dialog.js';
import { LazyEntryDialog } from '../features/transactions/lazy-entry-dialog.js';

function SignedInShell() {
  const me = useSignedInUser();
  useFollowLocaleSetting();
  useAdoptDeviceTimeZone();
  // Figures are written in the person's locale when rendered (docs/money.md#display): when it
  // changes (their setting arriving, or changed on /settings) the screen is drawn anew in it.
  const locale = useLocaleStore((state) => state.locale);
  return (
    <AppShell logoutDialog={LazyLogoutDialog} profile={me.data}>
      <Fragment key={locale}>
        <Outlet />
      </Fragment>
      <LazyEntryDialog />
    </AppShell>
  );
}

/** Protected screens: without a session, to /login, replacing the history entry. */
function AuthedLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return <SignedInShell />;
}

export const Route = createFileRoute('/_authed')({
  beforeLoad: () => {
    if (!useAuthStore.getState().isAuthenticated) throw redirect({ to: '/login', replace: true });
  },
  component: AuthedLayout,
});
