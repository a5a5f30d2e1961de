import { AppError } from '../../lib/app-error.js';
import { RATE_FILE_BYTES_MAX } from '../../../shared/schemas/rate.js';
import { readEcbCsv } from './ecb-csv.js';
import { readEcbXml } from './ecb-xml.js';
import type { EcbRates } from './ecb-rates.js';

// An ECB reference-rate file as sent (docs/rates.md#ecb-files): bounded, decoded as UTF-8 (the
// ECB's only encoding; a byte order mark is allowed and dropped), then read as CSV or XML by its
// first character. Anything else is refused with what it looks like, never guessed at.

export const RATE_FILE_MESSAGES = {
  empty: 'The rate file is empty',
  tooLarge: `The rate file must be at most ${RATE_FILE_BYTES_MAX / 1024 / 1024} MB`,
  zip: 'This is a zip archive: unzip it and import the file inside (eurofxref.csv, eurofxref-hist.csv)',
  notUtf8: 'The rate file is not UTF-8 text, as the ECB publishes its files',
  unknownLayout:
    'This is not one of the ECB reference-rate layouts: a CSV file starts with "Date", an XML file with "<"',
} as const;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function decode(bytes: Uint8Array): string {
  const bom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      bom ? bytes.subarray(3) : bytes,
    );
  } catch {
    throw new AppError('UNPROCESSABLE', RATE_FILE_MESSAGES.notUtf8);
  }
}

export function readEcbRateFile(bytes: Uint8Array): EcbRates {
  if (bytes.length > RATE_FILE_BYTES_MAX)
    throw new AppError('UNPROCESSABLE', RATE_FILE_MESSAGES.tooLarge);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new AppError('UNPROCESSABLE', RATE_FILE_MESSAGES.zip);
  }
  const text = decode(bytes);
  const start = text.trimStart();
  if (start === '') throw new AppError('UNPROCESSABLE', RATE_FILE_MESSAGES.empty);
  if (start.startsWith('<')) return readEcbXml(text);
  if (start.startsWith('Date')) return readEcbCsv(text);
  throw new AppError('UNPROCESSABLE', RATE_FILE_MESSAGES.unknownLayout);
}
