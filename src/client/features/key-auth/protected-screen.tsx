import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { LogOut, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useKeyAuthStore } from '../../lib/key-auth-store.js';
import { KeyApiError, endKeySession, fetchKeyUser } from './key-session.js';

/** /key-auth/protected: needs the key-login token; without one, back to registration. */
export function KeyProtectedScreen() {
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
  return <Authenticated token={token} onLeave={() => (leaving.current = true)} />;
}

function Authenticated({ token, onLeave }: { token: string; onLeave(): void }) {
  const clearToken = useKeyAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const user = useQuery({
    queryKey: ['key-auth', 'me', token],
    queryFn: () => fetchKeyUser(token),
    retry: false,
  });

  // The server no longer knows this token (expired or revoked): it is of no use here either.
  const rejected = user.error instanceof KeyApiError && user.error.status === 401;
  useEffect(() => {
    if (rejected) clearToken();
  }, [rejected, clearToken]);

  async function logout() {
    setPending(true);
    try {
      await endKeySession(token);
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
      <Button variant="outline" onClick={logout} disabled={pending}>
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
