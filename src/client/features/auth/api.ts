import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../lib/envelope.js';
import { watchedFetch } from '../../lib/server-status.js';
import { trpc, type TrpcUtils } from '../../lib/trpc.js';
import { getFirebaseAuth } from './firebase.js';

/** The main session's data: the server's configuration, the token exchange, logout. */

// The configuration does not change while the server runs: fetched once per page load.
const CONFIG_INPUT = {};
const CONFIG_OPTIONS = { staleTime: Infinity };

/** The server's run-time configuration: Firebase web config, demo mode, emulator address. */
export function useAppConfig() {
  return trpc.config.get.useQuery(CONFIG_INPUT, { ...CONFIG_OPTIONS, select: unwrap });
}

/** Starts fetching the configuration before the screens that need it have loaded their code. */
export function prefetchAppConfig(utils: TrpcUtils): void {
  void utils.config.get.prefetch(CONFIG_INPUT, CONFIG_OPTIONS);
}

const ME_INPUT = {};

/** Who the main session belongs to, and how they signed in (the profile menu shows it). */
export function useSignedInUser() {
  return trpc.auth.me.useQuery(ME_INPUT, { select: unwrap, staleTime: Infinity });
}

/** Demo mode's mailbox: the emails the Auth emulator "sent", to everyone or to one address. */
export function useDemoMailbox(email: string | undefined, options: { enabled: boolean }) {
  return trpc.config.mailbox.useQuery(email ? { email } : {}, { ...options, select: unwrap });
}

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
