import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { LayoutDashboard, LogOut, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { httpStatusOf } from '../../lib/api-error.js';
import { useEndKeySession, useKeyUser } from './api.js';
import { useKeyAuthStore } from './key-auth-store.js';

/**
 * /key-auth/protected: needs the key-login token; without one, back to registration. The key
 * session is a full session of the app: `onOpenApp` signs the app in with it (the route does
 * that, since the main session belongs to another feature).
 */
export function KeyProtectedScreen({ onOpenApp }: { onOpenApp: (token: string) => void }) {
  const token = useKeyAuthStore((state) => state.token);
  const navigate = useNavigate();
  // Set while logging out, so the token disappearing is not reported as "access denied".
  const leaving = useRef(false);

  useEffect(() => {
    if (token || leaving.current) return;
    // A fixed id: StrictMode's second effect run updates the same toast instead of adding one.
    toast.error('You must be logged in to access this page.', { id: 'key-auth-required' });
    void navigate({ to: '/key-auth/register', replace: true });
  }, [token, navigate]);

  if (!token) {
    return (
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <ShieldAlert className="h-10 w-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">Access Denied</h1>
      </Card>
    );
  }
  return (
    <Authenticated
      token={token}
      onLeave={() => (leaving.current = true)}
      onOpenApp={() => onOpenApp(token)}
    />
  );
}

function Authenticated({
  token,
  onLeave,
  onOpenApp,
}: {
  token: string;
  onLeave: () => void;
  onOpenApp: () => void;
}) {
  const clearToken = useKeyAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const user = useKeyUser(token);
  const session = useEndKeySession(token);

  // The server no longer knows this token (expired or revoked): it is of no use here either.
  const rejected = httpStatusOf(user.error) === 401;
  useEffect(() => {
    if (rejected) clearToken();
  }, [rejected, clearToken]);

  async function logout() {
    setPending(true);
    try {
      await session.end();
    } catch {
      toast.error('Logout failed. Please try again.');
      setPending(false);
      return;
    }
    onLeave();
    clearToken();
    toast.success('Logged out successfully.');
    void navigate({ to: '/key-auth/register' });
  }

  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center">
      <ShieldCheck className="h-10 w-10 text-primary" aria-hidden />
      <p className="text-sm font-medium text-primary">Authenticated</p>
      <h1 className="text-xl font-semibold">Protected Page</h1>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {user.isPending && <Spinner className="h-4 w-4" label="Loading your account" />}
        {user.data && <>Signed in with your key as {user.data.email}.</>}
        {user.error && !rejected && <>API error: {user.error.message}</>}
      </p>
      <Button onClick={onOpenApp} disabled={pending || rejected}>
        <LayoutDashboard className="h-4 w-4" aria-hidden />
        Open the app
      </Button>
      <Button variant="outline" onClick={() => void logout()} disabled={pending}>
        {pending ? (
          <Spinner className="h-4 w-4" label="Logging out" />
        ) : (
          <LogOut className="h-4 w-4" aria-hidden />
        )}
        Logout
      </Button>
    </Card>
  );
}
