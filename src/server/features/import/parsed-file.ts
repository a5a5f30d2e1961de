import type { CsvMapping, ImportFormat } from '../../../shared/schemas/import.js';

/** One row of a bank file as read, before it meets the ledger. */
export interface ParsedRow {
  /** Line (CSV record, QIF record start) or transaction number (OFX), 1-based. */
  line: number;
  occurredOn: string;
  /** Signed: negative leaves the account. */
  amountCents: bigint;
  description: string;
  payee: string;
  /** The bank's own id of the row, when the file has one. */
  bankRef: string | null;
  /** A category name the file gives (CSV category column, QIF L). */
  categoryName: string | null;
}

export interface RowError {
  line: number;
  reason: string;
  /** The row's text as read, shortened, so a person can find it. */
  text: string;
}

export interface CsvDetails {
  headers: string[];
  sample: string[][];
  mapping: CsvMapping;
  /** Why the mapping cannot be used (a missing date or amount column); null when it can. */
  problem: string | null;
}

export interface ParsedFile {
  format: ImportFormat;
  rows: ParsedRow[];
  errors: RowError[];
  csv: CsvDetails | null;
}

/** Descriptions and payees are kept within what an entry holds. */
export const clip = (text: string, max: number) => text.trim().replace(/\s+/g, ' ').slice(0, max);
export const shortText = (text: string) => clip(text, 200);
