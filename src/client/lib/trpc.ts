import {
  createTRPCQueryUtils,
  createTRPCReact,
  httpBatchLink,
  httpLink,
  splitLink,
  type CreateTRPCReact,
} from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../../shared/api-router.js';
import { watchedFetch } from './server-status.js';
import { MAX_BATCH_ITEMS, SIGN_IN_PROCEDURES } from '../../shared/usage-limits.js';
import { BOOK_ID_HEADER, currentBookId } from './current-book.js';

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

const URL = '/trpc';

/**
 * tRPC's per-call context for a call made with a session other than the main one (key login):
 * it names that session's token, and the client sends it instead of the main session's.
 */
export function withSessionToken(token: string) {
  return { context: { sessionToken: token } };
}

/**
 * tRPC's per-call context for a call that must apply at most once: the server stores the outcome
 * under this Idempotency-Key and replays it to a retry instead of applying it again.
 */
export function withIdempotencyKey(key: string) {
  return { context: { idempotencyKey: key } };
}

function bearer(token: string | null | undefined) {
  // Every request carries "Authorization: Bearer {token}", empty when signed out
  // (docs/sign-in.md#sessions).
  return { authorization: `Bearer ${token ?? ''}` };
}

/** The tab's book (lib/current-book.ts), named on every call; none for the personal book. */
function bookHeader(): Record<string, string> {
  const book = currentBookId();
  return book ? { [BOOK_ID_HEADER]: book } : {};
}

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const signIn = new Set(SIGN_IN_PROCEDURES);

/**
 * The one client for every call of both sessions. Calls whose context names a token (see
 * withSessionToken) or an Idempotency-Key (withIdempotencyKey) go one by one, since a batch
 * shares a single set of headers, and so do sign-in calls, which the server refuses inside a
 * batch; every other call is batched, at most MAX_BATCH_ITEMS to a request (the server's limit),
 * with the main session's token, read at send time. Every call names the tab's book in
 * X-Book-Id (none for the personal book; a batch shares it, as one tab has one book). Every
 * request goes through watchedFetch, which tells the page whether the server answers
 * (lib/server-status.ts).
 */
export function createTrpcClient(mainSessionToken: () => string | null) {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) =>
          stringOrNull(op.context.sessionToken) !== null ||
          stringOrNull(op.context.idempotencyKey) !== null ||
          signIn.has(op.path),
        true: httpLink({
          url: URL,
          fetch: watchedFetch,
          headers: ({ op }) => {
            const key = stringOrNull(op.context.idempotencyKey);
            const ownSession = stringOrNull(op.context.sessionToken);
            return {
              ...bearer(ownSession ?? mainSessionToken()),
              // The tab's book is the main session's: a call of another session names none.
              ...(ownSession === null && bookHeader()),
              ...(key && { 'idempotency-key': key }),
            };
          },
        }),
        false: httpBatchLink({
          url: URL,
          fetch: watchedFetch,
          maxItems: MAX_BATCH_ITEMS,
          headers: () => ({ ...bearer(mainSessionToken()), ...bookHeader() }),
        }),
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
