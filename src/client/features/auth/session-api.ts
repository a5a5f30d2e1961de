import { useMutation } from '@tanstack/react-query';
import { watchedFetch } from '../../lib/server-status.js';
import { trpc } from '../../lib/trpc.js';
import { useAppConfig } from './api.js';
import { getFirebaseAuth } from './firebase.js';

/**
 * Starting and ending the main session: the token exchange after a Firebase sign-in, and logout.
 * Apart from api.ts (which route loaders import, so it ships in the entry chunk) to load with the
 * sign-in screens and the logout dialog only.
 */

/**
 * Ends the main session everywhere: the server revokes it, then Firebase forgets the user (when
 * Firebase sign-in is configured). Clearing the token is left to the caller, once this succeeded.
 */
export function useEndSession() {
  const config = useAppConfig();
  const { client } = trpc.useUtils();
  return useMutation({
    mutationFn: async () => {
      await client.auth.logout.mutate({});
      if (config.data?.firebase) {
        const { signOut } = await import('firebase/auth');
        await signOut(await getFirebaseAuth(config.data));
      }
    },
  });
}

/**
 * POST /api/auth/firebase with the form field idToken; answers data.token
 * (docs/sign-in.md#firebase-sign-in). Kept as the
 * documented form post (not a tRPC call) on purpose: it is the one call that takes a form body.
 */
export async function exchangeIdToken(idToken: string): Promise<string> {
  const res = await watchedFetch('/api/auth/firebase', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ idToken }).toString(),
  });
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    data?: { token?: string };
  } | null;
  if (!res.ok || !body?.success || !body.data?.token) {
    throw new Error(body?.message || 'Failed to log in to database');
  }
  return body.data.token;
}
