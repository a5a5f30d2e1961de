import { AppError } from '../../lib/app-error.js';

/** Messages of a file that cannot be read at all (docs/import.md#broken-files). */
export const FILE_MESSAGES = {
  empty: 'This file is empty',
  notText:
    'This file is not a text statement: save it as CSV (UTF-8 or Windows-1252), OFX or QIF and try again',
  tooManyRows: (max: number) =>
    `This file has more than ${max} rows; split it and import each part`,
} as const;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const cp1252 = new TextDecoder('windows-1252');

/**
 * The text of a file: UTF-8 (with or without a byte order mark) when its bytes are valid UTF-8,
 * else Windows-1252, which every older bank export uses. UTF-16 and binary files (a PDF, a
 * spreadsheet) hold NUL bytes or a UTF-16 mark and are refused rather than read as garbage.
 */
export function decodeFile(bytes: Uint8Array): string {
  if (
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    bytes.includes(0)
  ) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.notText);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = cp1252.decode(bytes);
  }
  if (text.trim() === '') throw new AppError('UNPROCESSABLE', FILE_MESSAGES.empty);
  return text;
}
