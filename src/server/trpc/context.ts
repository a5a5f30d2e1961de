import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import type { IdentityCheck, SessionPolicy } from '../features/sessions/index.js';
import type { FirebaseAuthService } from '../features/auth/index.js';
import type { MailSettings } from '../features/mail/index.js';
import type { UsageLimits } from './usage-limits.js';
import type { AppError } from '../lib/app-error.js';

/** What every procedure can reach, built once per app. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  /** Null when no Firebase project or emulator is configured. */
  firebase: FirebaseAuthService | null;
  /** Re-checks a Firebase user behind a session now and then; null without Firebase. */
  identityCheck: IdentityCheck | null;
  /** Sign-in and write limits, counted per procedure call. */
  limits: UsageLimits;
  /** Where messages to people go (key-login confirmation links). */
  mail: MailSettings;
  /**
   * The refusal of a request on a book a restore holds (starting the clean-up of a restore
   * that died): the export feature's, handed in by app.ts so this layer knows no feature above.
   */
  bookBeingRestored: (
    db: Database['db'],
    bookId: string,
    state: 'running' | 'stale',
    log: FastifyBaseLogger,
  ) => AppError;
  /**
   * Asks for a book's conversions into its base currency to be recorded in the background: the
   * analytics feature's recorder, handed in by app.ts (docs/analytics.md#recorded-conversions).
   */
  recordConversionsLater: (bookId: string) => void;
  /**
   * Keeps a change a member made in the book's activity and announces it to the book's live
   * connections: the activity feature's, handed in by app.ts (docs/live-updates.md).
   */
  recordBookChange: (
    db: Database['db'],
    change: { bookId: string; actorId: string; kind: string },
  ) => Promise<void>;
}

export interface Context extends AppDeps {
  requestId: string;
  log: FastifyBaseLogger;
  /** The caller's address (behind a trusted proxy, the forwarded one): sign-in limits count by it. */
  ip: string;
  /** The bearer token as sent; resolved to a user only by procedures that need one. */
  bearerToken: string | null;
  /**
   * The books the call names (`X-Book-Id` header, `bookId` query parameter), as sent: none for
   * the caller's personal book (docs/sharing.md#choosing-a-book).
   */
  requestedBookIds: string[];
  /** The Idempotency-Key header as sent, for the procedures that honour one. */
  idempotencyKey: string | null;
  /** Headers a procedure wants on its HTTP response (both doors apply them). */
  responseHeaders: Record<string, string>;
  /**
   * Books a mutation changed other than the one it works on (the one it leaves, joins or
   * deletes): announced with it once it succeeds (docs/live-updates.md).
   */
  changedBooks: Set<string>;
}

export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The books a request names (docs/sharing.md#choosing-a-book): the `X-Book-Id` header (what tRPC
 * clients send) and the `bookId` query parameter (what a REST client sends), each distinct value
 * once. More than one is refused, never picked from (init.ts).
 */
function requestedBooksOf(header: string | string[] | undefined, query: unknown): string[] {
  const fromQuery = (query as Record<string, unknown> | undefined)?.bookId;
  const values = [header, fromQuery].flat();
  const named = values.filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return [...new Set(named.map((value) => value.trim().toLowerCase()))];
}

export type ContextFactory = ReturnType<typeof createContextFactory>;

export function createContextFactory(deps: AppDeps) {
  return (req: {
    id: string;
    log: FastifyBaseLogger;
    /** Absent for calls made in process (tests): they count as one address of their own. */
    ip?: string;
    headers: {
      authorization?: string | undefined;
      'idempotency-key'?: string | string[] | undefined;
      'x-book-id'?: string | string[] | undefined;
    };
    query?: unknown;
  }): Context => {
    const idempotencyKey = req.headers['idempotency-key'];
    return {
      ...deps,
      requestId: req.id,
      log: req.log,
      ip: req.ip ?? 'in-process',
      bearerToken: bearerTokenOf(req.headers.authorization),
      requestedBookIds: requestedBooksOf(req.headers['x-book-id'], req.query),
      idempotencyKey: Array.isArray(idempotencyKey)
        ? (idempotencyKey[0] ?? null)
        : (idempotencyKey ?? null),
      responseHeaders: {},
      changedBooks: new Set(),
    };
  };
}
