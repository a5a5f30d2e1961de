import type { Db, DbOrTx } from '../../db/connect.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/tokens.js';
import { AppError } from '../../lib/app-error.js';
import { isAppErrorCode } from '../../../shared/errors.js';
import {
  claimKey,
  deleteKeysCreatedBefore,
  findKey,
  recordOutcome,
} from './idempotency-repository.js';
import { rollbackToSavepoint, savepoint } from '../../db/savepoint.js';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** 1 to 255 visible ASCII characters (the header's documented schema uses the same pattern). */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`,
);
/** Records are kept at least this long (the guarantee is 24 hours; cleanup waits for 48). */
const RETENTION_MS = 48 * 3600 * 1000;
const EFFECT_SAVEPOINT = 'idempotent_effect';

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
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
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
    const claimed = await claimKey(trx, {
      userId: scope.userId,
      key,
      operation,
      requestSha256: requestHash,
      now,
    });

    if (!claimed) {
      const record = await findKey(trx, scope.userId, key);
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

    await savepoint(trx, EFFECT_SAVEPOINT);
    try {
      const value = await run(trx);
      await recordOutcome(trx, scope.userId, key, {
        status: 200,
        response: JSON.stringify(value),
      });
      return { kind: 'done', value };
    } catch (error) {
      // Only a refusal the caller caused is an outcome; anything else rolls everything back. An
      // invalid request (400: an amount a service judged in its account's currency) is not one:
      // the key stays free for the corrected request (docs/idempotency.md).
      if (!(error instanceof AppError) || error.status >= 500 || error.status === 400) {
        throw error;
      }
      await rollbackToSavepoint(trx, EFFECT_SAVEPOINT);
      await recordOutcome(trx, scope.userId, key, {
        status: error.status,
        errorCode: error.code,
        response: JSON.stringify({ message: error.message, requestId: scope.requestId }),
      });
      return { kind: 'refused', error };
    }
  });

  // Now and then, forget records past their retention; the index makes this cheap.
  if (Math.random() < 0.02) {
    await deleteKeysCreatedBefore(scope.db, new Date(now.getTime() - RETENTION_MS));
  }
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.value;
}
