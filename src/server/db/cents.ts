/** Reads a bigint column, which postgres.js returns as text and PGlite as a number. */
export const centsFromDb = (value: string | number): bigint => BigInt(value);
