import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Env } from '../../src/server/env.js';
import type { FirebaseAuthService } from '../../src/server/features/auth/firebase-identity.js';
import type { Database } from '../../src/server/db/connect.js';
import type { Clock } from '../../src/server/lib/clock.js';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import { insertUser } from '../../src/server/features/users/user-repository.js';
import { createAppCaller, type AppCaller } from '../../src/server/app-router.js';
import type { Mailer } from '../../src/server/features/mail/mailer.js';
import { openTestDatabase } from './test-database.js';

export const testEnv = {
  DATABASE_URL: undefined,
  DATABASE_POOL_SIZE: 10,
  DATA_DIR: './data',
  SESSION_IDLE_TIMEOUT_SECONDS: 3600,
  SESSION_MAX_AGE_SECONDS: 24 * 3600,
  BODY_LIMIT_BYTES: 65_536,
  // Every test request comes from 127.0.0.1; the rate-limit tests set their own limits.
  AUTH_RATE_LIMIT_PER_IP: 1_000_000,
  AUTH_RATE_LIMIT_PER_EMAIL: 1_000_000,
  AUTH_FAILURE_LIMIT_PER_IP: 1_000_000,
  WRITE_RATE_LIMIT_PER_USER: 1_000_000,
  // The tables that walk every route read the exports and charts many times a minute; the
  // export and read-limit tests set their own (one export at a time per user still holds).
  EXPORT_RATE_LIMIT_PER_USER: 1_000_000,
  ANALYTICS_RATE_LIMIT_PER_USER: 1_000_000,
} satisfies Partial<Env>;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** The user's personal book, which holds their accounts, categories and ledger. */
  bookId: string;
  /**
   * The book this user's calls work on when not the personal one: sent as X-Book-Id by
   * `caller` and `rest` (docs/sharing.md#choosing-a-book).
   */
  onBook?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A new user (with their personal book) and a live session, made through the real services. */
  signUp(email?: string): Promise<TestUser>;
  /** A REST call with the user's bearer token. */
  rest(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A typed tRPC caller acting as the user (or as nobody), on `bookId` when given (X-Book-Id). */
  caller(user: TestUser | null, options?: { idempotencyKey?: string; bookId?: string }): AppCaller;
  close(): Promise<void>;
}

let userCounter = 0;

export interface TestAppOptions {
  clock?: Clock;
  poolSize?: number;
  /** Firebase sign-in; off unless a test brings the emulator. */
  firebase?: FirebaseAuthService | null;
  env?: Partial<Env>;
  /** The built client to serve; dist/client by default. */
  clientDir?: string;
  /** Where messages go (a DemoMailbox to read them); none is configured by default. */
  mailer?: Mailer;
  /** A database the test prepared itself (an older release's rows); a fresh one by default. */
  database?: Database;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase({ poolSize: options.poolSize }));
  const clock = options.clock ?? (() => new Date());
  const firebase = options.firebase ?? null;
  const app = await buildApp({
    env: { ...testEnv, ...options.env },
    database,
    clock,
    firebase,
    clientDir: options.clientDir,
    mailer: options.mailer,
  });
  await app.ready();
  const policy = {
    idleTimeoutSeconds: testEnv.SESSION_IDLE_TIMEOUT_SECONDS,
    maxAgeSeconds: testEnv.SESSION_MAX_AGE_SECONDS,
  };

  return {
    app,
    database,
    async signUp(email = `user${++userCounter}-${Date.now()}@example.com`) {
      const user = await insertUser(database.db, { email });
      const { token } = await createSession(database.db, user.id, 'password', policy, clock);
      return { id: user.id, email, token, bookId: user.bookId };
    },
    rest(user, options) {
      const headers = { ...(options.headers ?? {}) };
      if (user) headers.authorization = `Bearer ${user.token}`;
      if (user?.onBook !== undefined && headers['x-book-id'] === undefined) {
        headers['x-book-id'] = user.onBook;
      }
      return app.inject({ ...options, headers });
    },
    caller(user, options = {}) {
      // The app's own context factory: the same limits, mailer and identity check as both doors.
      return createAppCaller(
        app.createTrpcContext({
          id: 'test',
          log: app.log,
          headers: {
            ...(user && { authorization: `Bearer ${user.token}` }),
            ...(options.idempotencyKey !== undefined && {
              'idempotency-key': options.idempotencyKey,
            }),
            ...((options.bookId ?? user?.onBook) !== undefined && {
              'x-book-id': options.bookId ?? user?.onBook,
            }),
          },
        }),
      );
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
