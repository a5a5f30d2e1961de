import {
  createTRPCQueryUtils,
  createTRPCReact,
  httpBatchLink,
  type CreateTRPCReact,
} from '@trpc/react-query';
import { QueryCache, MutationCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../shared/api-router.js';
import { useAuthStore } from './auth-store.js';

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

/**
 * A 401 from a procedure that used the main session means that session is gone: sign out here
 * too, and the guard takes over. Key login answers 401 for a bad signature, which says nothing
 * about the main session, so it is left out.
 */
function signOutOnExpiredSession(error: unknown): void {
  if (!(error instanceof TRPCClientError) || error.data?.httpStatus !== 401) return;
  const path = String(error.data?.path ?? '');
  if (path.startsWith('keyAuth.')) return;
  useAuthStore.getState().logout();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signOutOnExpiredSession }),
    mutationCache: new MutationCache({ onError: signOutOnExpiredSession }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) =>
          !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500) && count < 2,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        // Spec: every request carries "Authorization: Bearer {token}" (empty when signed out).
        headers: () => ({ authorization: `Bearer ${useAuthStore.getState().token ?? ''}` }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** Query helpers usable outside React: route loaders start fetches with them. */
export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}
export type TrpcUtils = ReturnType<typeof createTrpcUtils>;

/** The message a person should see for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}
