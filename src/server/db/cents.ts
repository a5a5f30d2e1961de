import { sql } from 'kysely';

/** A cents value as a typed SQL parameter; sent as text so neither driver meets a JS bigint. */
export const centsParam = (value: bigint) => sql<string>`${value.toString()}::bigint`;

/** Reads a bigint column, which postgres.js returns as text and PGlite as a number. */
export const centsFromDb = (value: string | number): bigint => BigInt(value);
