import { initTRPC, type AnyTRPCProcedure } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { MESSAGES, type AppErrorCode } from '../../shared/errors.js';
import { roleAllows, type BookRole } from '../../shared/schemas/book.js';
import { bookIdSchema } from '../../shared/schemas/common.js';
import { AppError } from '../lib/app-error.js';
import { NOT_A_MEMBER, resolveSession, type SignedIn } from '../features/sessions/index.js';
import {
  TRANSIENT_CONFLICT_RETRIES,
  isTransientConflict,
  pauseBeforeRetry,
} from '../db/transient-conflicts.js';
import { describeError, toTRPCError } from './errors.js';
import type { Context } from './context.js';
import { emailNamedBy } from './usage-limits.js';
import { syncFirstBuilder } from './zod-sync-first.js';

/**
 * A procedure's meta: its REST route (`openapi`), and the refusals its rules may answer with
 * beyond what follows from what it is (docs/api.md#the-openapi-document). A session check, an
 * input, a body, ids, an Idempotency-Key and rate limits bring their statuses by themselves.
 */
export type AppMeta = OpenApiMeta<{
  refusals?: readonly AppErrorCode[];
  /**
   * The least role in the book a call works on that may call it, or 'none' for a procedure that
   * works on no book (sign-out, the list of one's books, answering an invitation). Unsaid, a
   * query is for every member (viewer) and a mutation for editors (docs/sharing.md#roles).
   */
  bookAccess?: BookAccess;
  /**
   * A mutation only by its method (a POST carrying a file or a rule to try): it changes nothing,
   * so nothing is announced to the book's live connections or kept in its activity.
   */
  changesNothing?: true;
  /** A larger request body than the server's default (bytes), for the routes carrying a file. */
  bodyLimit?: number;
  /** Answers one page and points to the next in a `Link: <…>; rel="next"` header. */
  nextPageLink?: true;
  /**
   * Answers a file, not a JSON envelope (file-answer.ts): its content type and the name it is
   * saved under, for the document. Only the REST door sends it.
   */
  answersFile?: { contentType: string; name: string };
}>;

export type BookAccess = BookRole | 'none';

/** What a procedure's meta declares, or the default for its type. */
export function bookAccessOf(meta: AppMeta | undefined, type: string): BookAccess {
  return meta?.bookAccess ?? (type === 'query' ? 'viewer' : 'editor');
}

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    // Never a stack trace, SQL text or driver message: only what describeError lets through.
    errorFormatter({ shape, error, ctx }) {
      const described = describeError(error);
      if (described.status >= 500) {
        ctx?.log.error({ err: error.cause ?? error, requestId: ctx.requestId }, 'procedure failed');
      }
      return {
        code: shape.code,
        message: described.message,
        data: {
          success: false as const,
          code: described.code,
          httpStatus: described.status,
          path: shape.data.path,
          issues: described.issues,
          requestId: described.requestId ?? ctx?.requestId,
        },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * The one place app errors meet tRPC: an AppError thrown below (by a service, a repository) leaves
 * the procedure as the TRPCError of its code, so both doors answer with its status. Every
 * procedure's outermost middleware calls this on its result.
 */
function rethrowAppError<T extends { ok: boolean; error?: { cause?: unknown } }>(result: T): T {
  if (!result.ok && result.error?.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
}

const appErrors = t.middleware(async ({ next }) => rethrowAppError(await next()));

/**
 * Narrows the context to the signed-in user and their book (`bookId`: every query of accounts,
 * categories and the ledger filters by it, docs/ledger.md#books); any missing, unknown, expired
 * or revoked token is a 401. Every mutation counts against the user's writes per minute
 * (docs/api.md#limits), so a new mutation is limited without asking. It maps app errors too, so
 * a signed-in call pays for one
 * middleware, not two.
 */
const signedIn = t.middleware(async ({ ctx, type, path, meta, next }) => {
  const access = bookAccessOf(meta, type);
  let session: SignedIn;
  try {
    session = await admitToBook(ctx, access);
    if (type === 'mutation') await ctx.limits.beforeWrite(session.user.id, ctx.responseHeaders);
  } catch (error) {
    throw error instanceof AppError ? toTRPCError(error) : error;
  }
  // tRPC merges this into the context; spreading the whole context here would copy it twice.
  let result = await next({ ctx: session });
  if (type !== 'mutation') return rethrowAppError(result);
  // A mutation PostgreSQL aborted for a deadlock or a serialization failure wrote nothing: it
  // runs again from its input (docs/ledger.md#concurrency), and answers 503 only if it keeps losing.
  for (let attempt = 1; !result.ok && isTransientConflict(result.error); attempt += 1) {
    if (attempt > TRANSIENT_CONFLICT_RETRIES) {
      ctx.responseHeaders['retry-after'] = '1';
      throw toTRPCError(new AppError('SERVICE_UNAVAILABLE', MESSAGES.busy));
    }
    await pauseBeforeRetry(attempt);
    result = await next({ ctx: session });
  }
  if (result.ok && !meta?.changesNothing) await announceChange(ctx, session, access, path);
  return rethrowAppError(result);
});

/**
 * Records a mutation that succeeded in the activity of the book it worked on, and of any other
 * book it changed (leaving, joining, deleting one), which announces it to their live
 * connections (docs/live-updates.md). A replayed outcome changed nothing this time. The change
 * has committed: failing to announce it is logged, never turned into a failed answer.
 */
async function announceChange(ctx: Context, session: SignedIn, access: BookAccess, path: string) {
  if (ctx.responseHeaders['idempotent-replayed'] === 'true') return;
  const books = new Set(ctx.changedBooks);
  if (access !== 'none') books.add(session.bookId);
  for (const bookId of books) {
    try {
      await ctx.recordBookChange(ctx.database.db, { bookId, actorId: session.user.id, kind: path });
    } catch (error) {
      ctx.log.error({ err: error, requestId: ctx.requestId }, 'live updates: announcing failed');
    }
  }
}

/**
 * The caller's session and the book a request works on, with the checks every request on a book
 * passes, in this order (docs/sharing.md#roles): a token (401), the book named (400), a live
 * session (401), a member of the book (404, exactly as a missing book), a book not being
 * restored (409), a role that allows `access` (403). 'none' skips the book's checks and ignores a
 * book named: signing out always works. A live connection re-checks its own book with
 * `touch: false` (docs/live-updates.md#when-access-ends).
 */
export async function admitToBook(
  ctx: Context,
  access: BookAccess,
  again?: { bookId: string; touch: false },
): Promise<SignedIn> {
  if (!ctx.bearerToken) throw new AppError('UNAUTHORIZED', MESSAGES.authRequired);
  const requestedBookId =
    again?.bookId ?? (access === 'none' ? null : bookNamedBy(ctx.requestedBookIds));
  const session = await resolveSession(
    ctx.database.db,
    ctx.bearerToken,
    ctx.sessionPolicy,
    ctx.clock,
    ctx.identityCheck,
    requestedBookId,
    again?.touch ?? true,
  );
  if (!session) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
  // Another person's book answers exactly as a missing one (docs/sharing.md#roles).
  if (session === NOT_A_MEMBER) throw new AppError('NOT_FOUND', MESSAGES.bookNotFound);
  if (access === 'none') return session;
  // Nobody sees or changes a book half restored (docs/analytics.md#full-export-and-restore).
  if (session.bookRestore !== null) {
    throw ctx.bookBeingRestored(ctx.database.db, session.bookId, session.bookRestore, ctx.log);
  }
  if (!roleAllows(session.bookRole, access)) {
    throw new AppError(
      'FORBIDDEN',
      access === 'owner' ? MESSAGES.ownerOnly : MESSAGES.viewerCannotChange,
    );
  }
  return session;
}

/**
 * The one book a request names (Context.requestedBookIds), checked like any id; null when it
 * names none. Naming two is refused, never picked from.
 */
function bookNamedBy(named: string[]): string | null {
  if (named.length > 1) throw new AppError('VALIDATION_ERROR', MESSAGES.bookIdsDiffer);
  if (named.length === 0) return null;
  const parsed = bookIdSchema.safeParse(named[0]);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? 'Book ID must be a UUID',
    );
  }
  return parsed.data;
}

/**
 * Counts every call of a sign-in procedure against its address, refuses it while the address, or
 * the email it names from that address, has too many recent failures, and counts a refused
 * sign-in (401) as a failure (docs/sign-in.md#rate-limits). Runs before the input is parsed, so
 * even malformed calls count.
 */
const signInLimited = t.middleware(async ({ ctx, getRawInput, next }) => {
  let email: string | null = null;
  try {
    email = emailNamedBy(await getRawInput());
  } catch {
    // Unreadable input: tRPC refuses it below; the call still counts against its address.
  }
  const call = { ip: ctx.ip, email };
  await ctx.limits.beforeSignIn(call, ctx.responseHeaders);
  const result = await next();
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof AppError && cause.code === 'UNAUTHORIZED') {
    await ctx.limits.signInFailed(call);
  }
  return result;
});

// Every procedure is built from these three, so every schema parses synchronously first
// (zod-sync-first.ts).
export const publicProcedure = syncFirstBuilder(t.procedure.use(appErrors));
export const protectedProcedure = syncFirstBuilder(t.procedure.use(signedIn));
/** A public procedure that signs people in: rate-limited per address and email, never batched. */
export const signInProcedure = publicProcedure.use(signInLimited);

/** The context of a procedure behind protectedProcedure. */
export type AuthedContext = Context & SignedIn;

/** Whether a procedure's definition lists every function of a middleware. */
function uses(procedure: AnyTRPCProcedure, middleware: { _middlewares: unknown[] }): boolean {
  // Every procedure's definition lists its middlewares; tRPC only leaves that out of the type.
  const { middlewares } = procedure._def as unknown as { middlewares: unknown[] };
  return middleware._middlewares.every((fn) => middlewares.includes(fn));
}

/** Whether a procedure was built on protectedProcedure, i.e. refuses callers without a session. */
export function requiresSession(procedure: AnyTRPCProcedure): boolean {
  return uses(procedure, signedIn);
}

/** Whether a procedure was built on signInProcedure (sign-in limits, never in a batch). */
export function isSignIn(procedure: AnyTRPCProcedure): boolean {
  return uses(procedure, signInLimited);
}
