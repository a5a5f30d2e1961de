import { AppError } from '../../lib/app-error.js';
import { IMPORT_ROWS_MAX } from '../../../shared/limits.js';
import { FILE_MESSAGES, decodeFile } from './decode-file.js';
import { isCamt, parseCamt } from './parse-camt.js';
import { parseCsv } from './parse-csv.js';
import { isOfx, parseOfx } from './parse-ofx.js';
import { isQif, parseQif } from './parse-qif.js';
import type { ParsedFile, ReadOptions } from './parsed-file.js';

/**
 * A CSV read without a mapping is read with the account's remembered one too, when there is one:
 * it wins unless the proposal reads more of the file's rows (a bank that changed its layout).
 */
function csvWithRemembered(text: string, options: ReadOptions) {
  const proposed = parseCsv(text, { ...options, mapping: undefined });
  if (!options.remembered) return proposed;
  const remembered = parseCsv(text, { ...options, mapping: options.remembered });
  const rowsOf = (file: typeof proposed) => file.statements[0]?.rows.length ?? 0;
  return remembered.csv?.problem === null && rowsOf(remembered) >= rowsOf(proposed)
    ? remembered
    : proposed;
}

/** Reads a bank file whatever its format: OFX/QFX, camt and QIF by their headers, else CSV. */
export function parseBankFile(bytes: Uint8Array, options: ReadOptions): ParsedFile {
  const decoded = decodeFile(bytes, options.reading.encoding);
  const { text } = decoded;
  const parsed = isOfx(text)
    ? parseOfx(text, options)
    : isCamt(text)
      ? parseCamt(text, options)
      : isQif(text)
        ? parseQif(text, options)
        : options.mapping
          ? parseCsv(text, options)
          : csvWithRemembered(text, options);
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
