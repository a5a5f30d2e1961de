import { sql } from 'kysely';
import type { DbOrTx } from './handles.js';

// Savepoints inside the caller's transaction: a step that may fail is tried, and on failure the
// transaction goes back to before it and carries on (both databases support them).

export async function savepoint(trx: DbOrTx, name: string): Promise<void> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
}

export async function rollbackToSavepoint(trx: DbOrTx, name: string): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
}

export async function releaseSavepoint(trx: DbOrTx, name: string): Promise<void> {
  await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
}
