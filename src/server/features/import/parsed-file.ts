import type { ExactAmount } from './amounts.js';
import type {
  CsvMapping,
  ImportChoiceKind,
  ImportEncoding,
  ImportFormat,
  ImportReading,
} from '../../../shared/schemas/import.js';

/** One row of a bank file as read, before it meets the ledger. */
export interface ParsedRow {
  /** Line (CSV record, QIF record start) or transaction number (OFX, camt entry), 1-based. */
  line: number;
  occurredOn: string;
  /**
   * Signed minor units (negative leaves the account). A reader gives cents (the amount rounded
   * half-even to two decimals); once the statement's account is known they are its currency's
   * minor units (account-amounts.ts), the name kept like the `*_cents` columns'.
   */
  amountCents: bigint;
  /** The signed amount exactly as written, whatever its number of decimals. */
  exactAmount: ExactAmount;
  description: string;
  payee: string;
  /** The bank's own id of the row, when the file has one. */
  bankRef: string | null;
  /** A category name the file gives (CSV category column, QIF L). */
  categoryName: string | null;
  /** The currency the file states for the row (ISO 4217), if any. */
  currency: string | null;
  /**
   * The amount as written when it had more decimals than the currency has (a reader: two) and
   * was rounded half-even.
   */
  writtenAmount: string | null;
}

export interface RowError {
  line: number;
  reason: string;
  /** The row's text as read, shortened, so a person can find it. */
  text: string;
}

/**
 * A choice the file does not settle, made by the reader and shown in the preview with its
 * evidence (docs/import.md#choices). `answer` says where the person's answer goes
 * (`reading.encoding`, `reading.dateOrder`, `mapping.dateOrder`, `statements`…).
 */
export interface ReadingChoice {
  kind: ImportChoiceKind;
  answer: string;
  chosen: string;
  options: string[];
  evidence: string;
  /** The file does not settle it: a commit without an answer is refused. */
  needsAnswer: boolean;
  /** Rows it decides, or that another answer would change. */
  rows: number;
}

/** One statement of a file: a file may hold several (OFX, QIF !Account blocks, camt). */
export interface ParsedStatement {
  /** 0-based, in file order: what `statements[].index` of a commit names. */
  index: number;
  /** How the file names the account: "Checking 1234 (USD)", an IBAN, a QIF account name. */
  label: string;
  /** The account's number or IBAN or name as the file gives it, if any. */
  accountRef: string | null;
  /** The statement's currency (OFX CURDEF, camt Acct/Ccy), if stated. */
  currency: string | null;
  rows: ParsedRow[];
  errors: RowError[];
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
  /** The encoding the text was read in. */
  encoding: ImportEncoding;
  /** The statements that can be imported, in file order (CSV: exactly one). */
  statements: ParsedStatement[];
  /** Parts of the file that cannot be imported, and why (an investment statement). */
  unsupported: { label: string; reason: string }[];
  csv: CsvDetails | null;
  choices: ReadingChoice[];
}

/** What a reader is given besides the text: the person's answers so far. */
export interface ReadOptions {
  reading: ImportReading;
  /** CSV only: the mapping to read with; undefined to propose one. */
  mapping?: CsvMapping | undefined;
  /** CSV only, without `mapping`: the account's remembered mapping, used if it reads as well. */
  remembered?: CsvMapping | undefined;
  /** Today (YYYY-MM-DD) in the book's time zone: two-digit years and far-future dates. */
  today: string;
}

/** Descriptions and payees are kept within what an entry holds. */
export const clip = (text: string, max: number) => text.trim().replace(/\s+/g, ' ').slice(0, max);
export const shortText = (text: string) => clip(text, 200);

/** What a reader returns: the file as read (the encoding is the decoder's business). */
export type ReadResult = Omit<ParsedFile, 'encoding'>;

/** One statement for formats that have exactly one (CSV, a QIF without !Account). */
export function singleStatement(rows: ParsedRow[], errors: RowError[]): ParsedStatement {
  return { index: 0, label: 'This file', accountRef: null, currency: null, rows, errors };
}
