import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/connect.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/tokens.js';
import { AppError } from '../../trpc/app-error.js';
import { APP_ERRORS, isAppErrorCode } from '../../../shared/errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Records are kept at least this long (the guarantee is 24 hours; cleanup waits for 48). */
const RETENTION_MS = 48 * 3600 * 1000;

export interface IdempotencyScope {
  db: Db;
  userId: string;
  key: string | null;
  clock: Clock;
  /** This request's id, stored with a refusal so its replay is the identical body. */
  requestId: string;
  /** Set on the response of a replay. */
  responseHeaders: Record<string, string>;
}

type Outcome<T> = { kind: 'done'; value: T } | { kind: 'refused'; error: AppError };

function parseKey(raw: string): string {
  if (!KEY_PATTERN.test(raw)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`,
    );
  }
  return raw;
}

/**
 * Runs a money-moving operation at most once per Idempotency-Key and user.
 *
 * The key is claimed by inserting its record in the same transaction as the effect, so the
 * record and the effect commit together or not at all. A concurrent duplicate blocks on the
 * record's primary key until the first commits, then finds the stored outcome and replays it;
 * if the first rolled back, the duplicate runs as the first. Refusals the caller caused (404,
 * 422) are recorded too, after rolling back to a savepoint, so a retry gets the same answer.
 */
export async function idempotent<T>(
  scope: IdempotencyScope,
  operation: string,
  input: unknown,
  run: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  if (scope.key === null) return run(scope.db);
  const key = parseKey(scope.key);
  const requestHash = sha256Hex(`${operation}\n${JSON.stringify(input)}`);
  const now = scope.clock();

  const outcome = await scope.db.transaction().execute(async (trx): Promise<Outcome<T>> => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: scope.userId,
        key,
        operation,
        request_sha256: requestHash,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();

    if (!claimed) {
      const record = await trx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', scope.userId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (record.request_sha256 !== requestHash) {
        return {
          kind: 'refused',
          error: new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new request.`,
          ),
        };
      }
      scope.responseHeaders['idempotent-replayed'] = 'true';
      const stored: unknown = record.response === null ? null : JSON.parse(record.response);
      if (record.status === 200) return { kind: 'done', value: stored as T };
      const code = isAppErrorCode(record.error_code) ? record.error_code : 'UNPROCESSABLE';
      const refusal = stored as { message?: string; requestId?: string } | null;
      const error = new AppError(code, refusal?.message ?? 'Request refused', {
        ...(refusal?.requestId && { originalRequestId: refusal.requestId }),
      });
      return { kind: 'refused', error };
    }

    await sql`SAVEPOINT idempotent_effect`.execute(trx);
    try {
      const value = await run(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ status: 200, response: JSON.stringify(value) })
        .where('user_id', '=', scope.userId)
        .where('key', '=', key)
        .execute();
      return { kind: 'done', value };
    } catch (error) {
      // Only a refusal the caller caused is an outcome; anything else rolls everything back.
      if (!(error instanceof AppError) || APP_ERRORS[error.appCode].status >= 500) throw error;
      await sql`ROLLBACK TO SAVEPOINT idempotent_effect`.execute(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({
          status: APP_ERRORS[error.appCode].status,
          error_code: error.appCode,
          response: JSON.stringify({ message: error.message, requestId: scope.requestId }),
        })
        .where('user_id', '=', scope.userId)
        .where('key', '=', key)
        .execute();
      return { kind: 'refused', error };
    }
  });

  // Now and then, forget records past their retention; the index makes this cheap.
  if (Math.random() < 0.02) {
    await scope.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', new Date(now.getTime() - RETENTION_MS))
      .execute();
  }
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.value;
}
