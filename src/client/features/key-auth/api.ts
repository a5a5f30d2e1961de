import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from '../../lib/api-error.js';
import { unwrap } from '../../lib/envelope.js';
import { SEPARATE_SESSION } from '../../lib/query-client.js';
import { trpc, withSessionToken, type TrpcClient } from '../../lib/trpc.js';

/**
 * Key login's calls, all through the app's one tRPC client. They are marked SEPARATE_SESSION: a
 * 401 here (a bad signature, an expired key token) says nothing about the main session. Calls
 * made with the key-login token pass it in their context (withSessionToken).
 */

export function useRegisterKey() {
  return trpc.keyAuth.register.useMutation({ meta: SEPARATE_SESSION });
}

export function useRequestChallenge() {
  return trpc.keyAuth.challenge.useMutation({ meta: SEPARATE_SESSION });
}

export function useVerifySignature() {
  return trpc.keyAuth.verify.useMutation({ meta: SEPARATE_SESSION });
}

/** Keyed by the token: another key login is another user, never this one's cached answer. */
function keyUserQuery(client: TrpcClient, token: string) {
  return queryOptions({
    queryKey: ['key-auth', 'me', token],
    queryFn: async () => unwrap(await client.auth.me.query({}, withSessionToken(token))),
    retry: false,
    meta: SEPARATE_SESSION,
  });
}

/** The user behind the key-login token. */
export function useKeyUser(token: string) {
  return useQuery(keyUserQuery(trpc.useUtils().client, token));
}

export function prefetchKeyUser(queryClient: QueryClient, client: TrpcClient, token: string): void {
  void queryClient.prefetchQuery(keyUserQuery(client, token));
}

/** Ends the key-login session on the server; an already invalid token counts as ended. */
export function useEndKeySession(token: string) {
  const logout = trpc.auth.logout.useMutation({
    trpc: withSessionToken(token),
    meta: SEPARATE_SESSION,
  });
  async function end(): Promise<void> {
    try {
      await logout.mutateAsync({});
    } catch (error) {
      if (httpStatusOf(error) !== 401) throw error;
    }
  }
  return { end, pending: logout.isPending };
}

/**
 * Confirms a key registered for an email that already had one, with the token of its link;
 * `confirmedEmail` is the address once it is confirmed.
 */
export function useConfirmKey() {
  const confirm = trpc.keyAuth.confirm.useMutation({ meta: SEPARATE_SESSION });
  return { ...confirm, confirmedEmail: confirm.data && unwrap(confirm.data).email };
}
