import { AppError } from '../../lib/app-error.js';
import type { CsvMapping } from '../../../shared/schemas/import.js';
import { IMPORT_ROWS_MAX } from '../../../shared/limits.js';
import { FILE_MESSAGES, decodeFile } from './decode-file.js';
import { parseCsv } from './parse-csv.js';
import { isOfx, parseOfx } from './parse-ofx.js';
import { isQif, parseQif } from './parse-qif.js';
import type { ParsedFile } from './parsed-file.js';

/** Reads a bank file whatever its format: OFX/QFX and QIF by their headers, else CSV. */
export function parseBankFile(bytes: Uint8Array, mapping: CsvMapping | undefined): ParsedFile {
  const text = decodeFile(bytes);
  const parsed = isOfx(text)
    ? parseOfx(text)
    : isQif(text)
      ? parseQif(text)
      : parseCsv(text, mapping);
  if (parsed.rows.length + parsed.errors.length > IMPORT_ROWS_MAX) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyRows(IMPORT_ROWS_MAX));
  }
  return parsed;
}
