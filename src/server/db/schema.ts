import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * bigint columns arrive as string (postgres.js) or number (PGlite) and are written as decimal
 * strings, which both drivers pass through untouched; read them with BigInt().
 */
type Cents = ColumnType<string | number, string, string>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firebase_uid: string | null;
  created_at: Generated<Date>;
}

export type SessionMethod = 'password' | 'google' | 'github' | 'key';

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  method: SessionMethod;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  description: string;
  icon: 'wallet' | 'credit-card';
  color: string;
  balance_cents: ColumnType<string | number, never, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Timestamp | null;
}

export interface TransactionsTable {
  seq: ColumnType<string | number, never, never>;
  id: Generated<string>;
  user_id: string;
  account_id: string | null;
  transaction_type: 'deposit' | 'withdraw' | 'expense';
  amount_cents: Cents;
  description: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface KeyCredentialsTable {
  user_id: string;
  email: string;
  public_key_pem: string;
  created_at: Generated<Date>;
}

export interface KeyChallengesTable {
  id: Generated<string>;
  email: string;
  challenge_sha256: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_sha256: string;
  status: number | null;
  error_code: string | null;
  /** JSON text of the stored response body. */
  response: string | null;
  created_at: Date;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  key_credentials: KeyCredentialsTable;
  key_challenges: KeyChallengesTable;
  idempotency_keys: IdempotencyKeysTable;
  accounts: AccountsTable;
  transactions: TransactionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransaction = Insertable<TransactionsTable>;
