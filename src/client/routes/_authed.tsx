import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.js';
import { useSignedInUser } from '../features/auth/api.js';
import { useAuthStore } from '../features/auth/auth-store.js';
import { useAdoptDeviceTimeZone } from '../lib/book.js';
import { useFollowLocaleSetting } from '../lib/settings.js';
import { LazyLogoutDialog } from '../features/auth/logout/lazy-logout-dialog.js';
import { LazyEntryDialog } from '../features/transactions/lazy-entry-dialog.js';

function SignedInShell() {
  const me = useSignedInUser();
  useFollowLocaleSetting();
  useAdoptDeviceTimeZone();
  return (
    <AppShell logoutDialog={LazyLogoutDialog} profile={me.data}>
      <Outlet />
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
