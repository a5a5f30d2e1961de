import { AppError } from '../../lib/app-error.js';
import { IMPORT_ROWS_MAX } from '../../../shared/limits.js';
import { FILE_MESSAGES, decodeFile } from './decode-file.js';
import { isCamt, parseCamt } from './parse-camt.js';
import { parseCsv } from './parse-csv.js';
import { isOfx, parseOfx } from './parse-ofx.js';
import { isQif, parseQif } from './parse-qif.js';
import type { ParsedFile, ReadOptions } from './parsed-file.js';

/** Reads a bank file whatever its format: OFX/QFX and QIF by their headers, else CSV. */
export function parseBankFile(bytes: Uint8Array, options: ReadOptions): ParsedFile {
  const decoded = decodeFile(bytes, options.reading.encoding);
  const { text } = decoded;
  const parsed = isOfx(text)
    ? parseOfx(text, options)
    : isCamt(text)
      ? parseCamt(text, options)
      : isQif(text)
        ? parseQif(text, options)
        : parseCsv(text, options);
  const rowCount = parsed.statements.reduce(
    (sum, statement) => sum + statement.rows.length + statement.errors.length,
    0,
  );
  if (rowCount > IMPORT_ROWS_MAX) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyRows(IMPORT_ROWS_MAX));
  }
  return {
    ...parsed,
    encoding: decoded.encoding,
    choices: decoded.choice ? [decoded.choice, ...parsed.choices] : parsed.choices,
  };
}
