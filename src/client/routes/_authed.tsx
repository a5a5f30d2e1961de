import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.js';
import { useAuthStore } from '../lib/auth-store.js';

/** Protected screens: without a session, to /login, replacing the history entry. */
function AuthedLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export const Route = createFileRoute('/_authed')({
  beforeLoad: () => {
    if (!useAuthStore.getState().isAuthenticated) throw redirect({ to: '/login', replace: true });
  },
  component: AuthedLayout,
});
