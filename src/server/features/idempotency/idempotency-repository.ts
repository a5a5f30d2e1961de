import type { DbOrTx } from '../../db/connect.js';
import type { IdempotencyKeysTable } from '../../db/schema.js';

// The idempotency_keys table (docs/architecture.md#data-access, docs/idempotency.md).

type KeyRecord = Pick<
  IdempotencyKeysTable,
  'request_sha256' | 'status' | 'error_code' | 'response'
>;

/**
 * Claims a key for a request: true when this call inserted its record. On PostgreSQL a
 * concurrent claim of the same key waits here until the first transaction ends.
 */
export async function claimKey(
  db: DbOrTx,
  claim: { userId: string; key: string; operation: string; requestSha256: string; now: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      operation: claim.operation,
      request_sha256: claim.requestSha256,
      created_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export function findKey(db: DbOrTx, userId: string, key: string): Promise<KeyRecord> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_sha256', 'status', 'error_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** Stores the outcome replayed to every retry: a status, its error code if any, the body. */
export async function recordOutcome(
  db: DbOrTx,
  userId: string,
  key: string,
  outcome: { status: number; errorCode?: string; response: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: outcome.status,
      ...(outcome.errorCode !== undefined && { error_code: outcome.errorCode }),
      response: outcome.response,
    })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function deleteKeysCreatedBefore(db: DbOrTx, cutoff: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}
