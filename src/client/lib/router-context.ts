import type { QueryClient } from '@tanstack/react-query';
import type { TrpcClient, TrpcUtils } from './trpc.js';

/** What every route's loader gets, to start fetching a screen's data before its code arrives. */
export interface RouterContext {
  trpc: TrpcUtils;
  /** For the few queries that are not keyed by a procedure alone (the key-login user). */
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}
