// SQLSTATE codes the services react to; PostgreSQL and PGlite report them alike.

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

/** A unique index refused the row. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

/** A NOWAIT lock was held by someone else. */
export const isLockNotAvailable = (error: unknown) => hasCode(error, '55P03');
