import {
  Navigate,
  Outlet,
  createFileRoute,
  redirect,
  stripSearchParams,
} from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { Brand } from '../components/widgets/brand.js';
import { prefetchAppConfig } from '../features/auth/api.js';
import { useAuthStore } from '../features/auth/auth-store.js';
import { pendingInvitation } from '../lib/pending-invitation.js';

/**
 * Guest-only screens: a signed-in person goes to /, replacing the history entry, or back to the
 * invitation link they opened before signing in (lib/pending-invitation.ts).
 */
function GuestLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (isAuthenticated) {
    const invitation = pendingInvitation();
    return invitation ? (
      <Navigate to="/invitation" hash={invitation} replace />
    ) : (
      <Navigate to="/" replace />
    );
  }
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col gap-4 p-6 md:p-10">
        <header>
          <Brand icon={Wallet} />
        </header>
        <main className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
      </div>
      <div
        aria-hidden
        className="relative hidden bg-gradient-to-br from-emerald-500 via-emerald-700 to-slate-900 lg:block"
      >
        <div className="absolute inset-0 flex items-end p-10 text-white/90">
          <p className="max-w-md text-2xl font-semibold">Every cent, accounted for.</p>
        </div>
      </div>
    </div>
  );
}

export const Route = createFileRoute('/_guest')({
  // Signed out, a tab has no book: the next person to sign in here starts in their own.
  search: { middlewares: [stripSearchParams<{ book?: string }>(['book'])] },
  beforeLoad: () => {
    if (!useAuthStore.getState().isAuthenticated) return;
    const invitation = pendingInvitation();
    if (invitation) throw redirect({ to: '/invitation', hash: invitation, replace: true });
    throw redirect({ to: '/', replace: true });
  },
  // The sign-in screens read the configuration (is Firebase sign-in on?) before they settle.
  loader: ({ context }) => prefetchAppConfig(context.trpc),
  component: GuestLayout,
});
