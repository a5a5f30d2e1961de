import { Fragment, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  createFileRoute,
  redirect,
  useNavigate,
  useRouterState,
} from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.js';
import { useSignedInUser } from '../features/auth/api.js';
import { useAuthStore } from '../features/auth/auth-store.js';
import { useAdoptDeviceTimeZone } from '../lib/book.js';
import { useFollowLocaleSetting } from '../lib/settings.js';
import {
  INVITATION_PATH,
  keepInvitationForSignIn,
  pendingInvitation,
} from '../lib/pending-invitation.js';
import { useLocaleStore } from '../lib/locale.js';
import { useLiveUpdates } from '../features/books/use-live-updates.js';
import { bookIdFromSearch } from '../lib/current-book.js';
import { LazyLogoutDialog } from '../features/auth/logout/lazy-logout-dialog.js';
import { BookSwitcher } from '../features/books/book-switcher.js';
import { LazyEntryDialog } from '../features/transactions/lazy-entry-dialog.js';

/** Signed in after opening an invitation link: back to it (whichever screen the sign-in chose). */
function useReturnToInvitation() {
  const navigate = useNavigate();
  useEffect(() => {
    const invitation = pendingInvitation();
    if (invitation && window.location.pathname !== INVITATION_PATH)
      void navigate({ to: '/invitation', hash: invitation, replace: true });
  }, [navigate]);
}

/** Keeps the tab's book on screen up to date with what other members change (features/books/live-connection.ts). */
function useFollowBook() {
  const token = useAuthStore((state) => state.token);
  const book = useRouterState({
    select: (state) => bookIdFromSearch((state.location.search as { book?: unknown }).book),
  });
  useLiveUpdates(token, book ?? null);
}

function SignedInShell() {
  const me = useSignedInUser();
  useReturnToInvitation();
  useFollowBook();
  useFollowLocaleSetting();
  useAdoptDeviceTimeZone();
  // Figures are written in the person's locale when rendered (docs/money.md#display): when it
  // changes (their setting arriving, or changed on /settings) the screen is drawn anew in it.
  const locale = useLocaleStore((state) => state.locale);
  return (
    <AppShell logoutDialog={LazyLogoutDialog} profile={me.data} bookSwitcher={<BookSwitcher />}>
      <Fragment key={locale}>
        <Outlet />
      </Fragment>
      <LazyEntryDialog />
    </AppShell>
  );
}

/**
 * Protected screens: without a session, to /login, replacing the history entry. An invitation
 * link's fragment is kept for after the sign-in (lib/pending-invitation.ts).
 */
function AuthedLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return <SignedInShell />;
}

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ location }) => {
    if (useAuthStore.getState().isAuthenticated) return;
    if (location.pathname === INVITATION_PATH) keepInvitationForSignIn(location.hash);
    throw redirect({ to: '/login', replace: true });
  },
  component: AuthedLayout,
});
