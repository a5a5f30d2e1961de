import { useState } from 'react';
import { toast } from 'sonner';
import { useAuthStore } from '../../lib/auth-store.js';
import { trpc } from '../../lib/trpc.js';
import { useAppConfig } from '../../lib/app-config.js';
import { getFirebaseAuth } from '../../lib/firebase-client.js';

/**
 * Signs out everywhere: the server revokes the session, Firebase forgets the user, and the token
 * is cleared (the guard then sends the person to /login).
 */
export function useLogout() {
  const [pending, setPending] = useState(false);
  const logoutOnServer = trpc.auth.logout.useMutation();
  const config = useAppConfig();
  const clearToken = useAuthStore((state) => state.logout);

  async function logout(): Promise<boolean> {
    setPending(true);
    try {
      await logoutOnServer.mutateAsync({});
      if (config.data?.data.firebase) {
        const { signOut } = await import('firebase/auth');
        await signOut(await getFirebaseAuth(config.data.data));
      }
      clearToken();
      toast.success('Logged out successfully.');
      return true;
    } catch {
      toast.error('Logout failed. Please try again.');
      return false;
    } finally {
      setPending(false);
    }
  }
  return { logout, pending };
}
