import { z } from 'zod';
import { envelope, isoDateTime, NO_NUL, rateIdSchema } from './common.js';
import { calendarDateSchema } from './entry-fields.js';
import { pageShape } from './ledger.js';
import { isRateCurrencyCode } from '../currencies.js';

// Exchange rates of a book (docs/rates.md): listed, entered by hand, deleted when hand-entered,
// imported from the ECB's reference-rate files.

/** Where a rate came from; on one day the first of these wins (docs/rates.md#which-rate-wins). */
export const RATE_SOURCES = ['manual', 'transfer', 'ecb', 'provider'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** Digits a rate may have before and after the point (the migration's CHECK says the same). */
export const RATE_INTEGER_DIGITS_MAX = 12;
export const RATE_FRACTION_DIGITS_MAX = 12;

/**
 * A rate as the exact decimal text it was given: above 0, no sign, no exponent, no leading zeros,
 * at most 12 digits either side of the point. Written without look-ahead so the published pattern
 * is one any JSON Schema tool (and a test generator) reads: a whole part from 1, or 0 and a
 * fraction with a non-zero digit among its first twelve.
 */
function ratePattern(): string {
  const whole = `[1-9][0-9]{0,${RATE_INTEGER_DIGITS_MAX - 1}}(?:\\.[0-9]{1,${RATE_FRACTION_DIGITS_MAX}})?`;
  const belowOne = Array.from({ length: RATE_FRACTION_DIGITS_MAX }, (_, zeros) => {
    const rest = RATE_FRACTION_DIGITS_MAX - zeros - 1;
    return `${'0'.repeat(zeros)}[1-9]${rest > 0 ? `[0-9]{0,${rest}}` : ''}`;
  });
  return `^(?:${whole}|0\\.(?:${belowOne.join('|')}))$`;
}
export const RATE_PATTERN = ratePattern();
const RATE_REGEX = new RegExp(RATE_PATTERN);

/** Whether text is a rate this app keeps (see RATE_PATTERN). */
export function isRateDecimal(text: string): boolean {
  return RATE_REGEX.test(text);
}

export const RATE_MESSAGE = `rate must be a decimal above 0 such as 1.0823, as text, with at most ${RATE_INTEGER_DIGITS_MAX} digits before the point and ${RATE_FRACTION_DIGITS_MAX} after it`;

export const rateDecimalSchema = z
  .string({ error: RATE_MESSAGE })
  .regex(RATE_REGEX, { error: RATE_MESSAGE })
  .meta({
    description:
      'Units of the quote currency one unit of the base currency buys, as an exact decimal in text (never a JSON number: no float on the way)',
    example: '1.0823',
  });

function currencySchema(label: string, example: string) {
  const message = `${label} must be an ISO 4217 currency code such as ${example}`;
  return z
    .string({ error: message })
    .regex(/^[A-Z]{3}$/, { error: message })
    .refine(isRateCurrencyCode, { error: message })
    .meta({
      description: `${label} currency (ISO 4217; withdrawn codes old rate files quote are accepted)`,
      example,
    });
}

const baseSchema = currencySchema('base', 'EUR');
const quoteSchema = currencySchema('quote', 'USD');
const differentCurrencies = (pair: { base?: string | undefined; quote?: string | undefined }) =>
  pair.base === undefined || pair.base !== pair.quote;
const SAME_CURRENCY = 'base and quote must be different currencies';

/** POST /api/rates (Idempotency-Key): a rate entered by hand; the same pair and day again replaces it. */
export const addRateInput = z
  .object({
    base: baseSchema,
    quote: quoteSchema,
    day: calendarDateSchema('day').meta({ description: 'The day the rate is for (YYYY-MM-DD)' }),
    rate: rateDecimalSchema,
  })
  .refine(differentCurrencies, { error: SAME_CURRENCY, path: ['quote'] });
export type AddRateInput = z.infer<typeof addRateInput>;

/** GET /api/rates: newest day first, a page at a time; a pair and a range of days narrow it. */
export const listRatesInput = z
  .object({
    ...pageShape,
    base: baseSchema.optional(),
    quote: quoteSchema.optional(),
    from: calendarDateSchema('from').optional().meta({ description: 'First day (inclusive)' }),
    to: calendarDateSchema('to').optional().meta({ description: 'Last day (inclusive)' }),
  })
  .refine(differentCurrencies, { error: SAME_CURRENCY, path: ['quote'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'from must not be after to',
    path: ['from'],
  });
export type ListRatesInput = z.infer<typeof listRatesInput>;

export const rateIdInput = z.object({ id: rateIdSchema });

export const rateSchema = z
  .object({
    id: z.string(),
    base: z.string(),
    quote: z.string(),
    day: z.string().meta({ description: 'YYYY-MM-DD' }),
    rate: z.string().meta({ description: 'Exact decimal, as stored' }),
    source: z.enum(RATE_SOURCES),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Rate' });
export type Rate = z.infer<typeof rateSchema>;

export const rateOutput = envelope(rateSchema);
export const ratePageOutput = envelope(
  z.object({
    items: z.array(rateSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as cursor for the next page; null on the last page' }),
  }),
);

/** An ECB reference-rate file: at most this many bytes (the full XML history is about 7 MB). */
export const RATE_FILE_BYTES_MAX = 16 * 1024 * 1024;
const RATE_FILE_BASE64_MAX = Math.ceil(RATE_FILE_BYTES_MAX / 3) * 4;
/** The request body POST /api/rates/import accepts: the file in base64 and its name. */
export const RATE_IMPORT_BODY_LIMIT = RATE_FILE_BASE64_MAX + 64 * 1024;
export const RATE_FILE_NAME_MAX = 200;

export const ECB_FILE_FORMATS = ['csv', 'xml'] as const;

/** POST /api/rates/import (Idempotency-Key): one of the ECB's reference-rate files. */
export const importRatesInput = z.object({
  fileName: z
    .string({ error: 'fileName must be text' })
    .trim()
    .max(RATE_FILE_NAME_MAX, {
      error: `fileName must be at most ${RATE_FILE_NAME_MAX} characters`,
    })
    .regex(NO_NUL, { error: 'fileName must not contain NUL characters' })
    .default('')
    .meta({ description: 'The name of the file, for the answer only', example: 'eurofxref.csv' }),
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'content is required' : 'content must be text',
    })
    .max(RATE_FILE_BASE64_MAX, {
      error: `The file must be at most ${RATE_FILE_BYTES_MAX / 1024 / 1024} MB`,
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'content must be the file in base64' })
    .meta({
      description:
        "The file's bytes in base64: eurofxref.csv, eurofxref-hist.csv, eurofxref-daily.xml, eurofxref-hist-90d.xml or eurofxref-hist.xml, unzipped, as the ECB publishes them",
      example: 'RGF0ZSwgVVNELCBKUFksIAoyOCBOb3ZlbWJlciAyMDI2LCAxLjA4MjMsIDE1Ny4xMiwgCg==',
    }),
});
export type ImportRatesInput = z.infer<typeof importRatesInput>;

export const rateImportResultSchema = z.object({
  fileName: z.string(),
  format: z.enum(ECB_FILE_FORMATS),
  days: z.number().int().meta({ description: 'Days the file has rates for' }),
  firstDay: z.string().nullable().meta({ description: 'Its earliest day (YYYY-MM-DD)' }),
  lastDay: z.string().nullable().meta({ description: 'Its latest day (YYYY-MM-DD)' }),
  added: z.number().int().meta({ description: 'Rates the book did not have' }),
  replaced: z.number().int().meta({ description: 'ECB rates of the same day and pair changed' }),
  unchanged: z.number().int().meta({ description: 'ECB rates the book had already' }),
  skippedNotAvailable: z
    .number()
    .int()
    .meta({ description: 'N/A cells: a currency the ECB did not quote that day' }),
});
export type RateImportResult = z.infer<typeof rateImportResultSchema>;
export const rateImportOutput = envelope(rateImportResultSchema);
