import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { z } from 'zod';
import type { AppErrorCode } from '../../shared/errors.js';
import { bookAccessOf, isSignIn, requiresSession, type AppMeta, type BookAccess } from './init.js';
import { isIdempotent } from './idempotent-mutation.js';

/** One procedure of a router, as read from its definition (docs/architecture.md#procedures). */
export interface ProcedureInfo {
  /** The dotted path, e.g. account.deposit: the /trpc URL and the caller's property path. */
  path: string;
  type: 'query' | 'mutation';
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
  /** Built on protectedProcedure: refuses callers without a live session (401). */
  protected: boolean;
  /**
   * The least role in the book it works on that may call it ('none': it works on no book, and
   * ignores a book named), as its meta declares or its type implies (docs/sharing.md#roles).
   * Meaningful only for protected procedures.
   */
  bookAccess: BookAccess;
  /** Its resolver is an idempotentMutation: it honours an Idempotency-Key. */
  idempotent: boolean;
  /** Built on signInProcedure: sign-in limits apply, and /trpc refuses it in a batch. */
  signIn: boolean;
  /** Counted against a rate limit (sign-in, or the writes of a signed-in user): may answer 429. */
  rateLimited: boolean;
  /** The refusals its rules may answer with, as its meta declares them. */
  refusals: readonly AppErrorCode[];
  /** Its REST route, when it has one. */
  openapi: NonNullable<AppMeta['openapi']> | undefined;
  /** The body it accepts when larger than the server's default (docs/import.md). */
  bodyLimit: number | undefined;
  /** Points to its next page in a Link header. */
  nextPageLink: boolean;
  /** Answers a file (file-answer.ts): its content type and saved name. */
  answersFile: AppMeta['answersFile'];
}

/** Every procedure of a router, in the order the router declares them. */
export function listProcedures(router: AnyTRPCRouter): ProcedureInfo[] {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const def = procedure._def;
    const meta = def.meta as AppMeta | undefined;
    const type = def.type === 'query' ? 'query' : 'mutation';
    const isProtected = requiresSession(procedure);
    const signIn = isSignIn(procedure);
    return {
      path,
      type,
      input: def.inputs[0] as z.ZodType | undefined,
      output: (def as { output?: z.ZodType }).output,
      protected: isProtected,
      bookAccess: bookAccessOf(meta, type),
      idempotent: isIdempotent(procedure),
      signIn,
      // The writes limit sits in the session check and counts every mutation (init.ts).
      rateLimited: signIn || (isProtected && type === 'mutation'),
      refusals: meta?.refusals ?? [],
      openapi: meta?.openapi,
      bodyLimit: meta?.bodyLimit,
      nextPageLink: meta?.nextPageLink === true,
      answersFile: meta?.answersFile,
    };
  });
}

/** The function a caller (createCaller's proxy) exposes at a dotted procedure path. */
export function procedureAt(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
}
