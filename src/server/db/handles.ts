import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** The database, typed by its schema. */
export type Db = Kysely<DB>;
/** The database or a transaction on it: what repositories take, so callers choose. */
export type DbOrTx = Kysely<DB> | Transaction<DB>;
