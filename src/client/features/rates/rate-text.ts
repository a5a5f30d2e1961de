import { z } from 'zod';

/**
 * The rate form's check, a copy of the shared one (src/shared/schemas/rate.ts, kept equal by
 * rate-text.test.ts). A copy because that module checks currencies with src/shared/currencies.ts,
 * which is in the entry chunk's module graph: anything a lazy screen uses of it is emitted into
 * the first load of every page (its code tables, about 1 KiB gzip). The selects offer only
 * current codes, so the form needs no currency table; the server checks everything again.
 */

const DIGITS_MAX = 12;

/** A decimal above 0, no sign, no exponent, no leading zeros, at most 12 digits either side. */
function ratePattern(): string {
  const whole = `[1-9][0-9]{0,${DIGITS_MAX - 1}}(?:\\.[0-9]{1,${DIGITS_MAX}})?`;
  const belowOne = Array.from({ length: DIGITS_MAX }, (_, zeros) => {
    const rest = DIGITS_MAX - zeros - 1;
    return `${'0'.repeat(zeros)}[1-9]${rest > 0 ? `[0-9]{0,${rest}}` : ''}`;
  });
  return `^(?:${whole}|0\\.(?:${belowOne.join('|')}))$`;
}

export const CLIENT_RATE_PATTERN = ratePattern();
export const CLIENT_RATE_MESSAGE = `rate must be a decimal above 0 such as 1.0823, as text, with at most ${DIGITS_MAX} digits before the point and ${DIGITS_MAX} after it`;
export const CLIENT_SAME_CURRENCY = 'base and quote must be different currencies';

/** What "Add a rate" sends: the rate kept as the text typed (trimmed), never a number. */
export const rateFormSchema = z
  .object({
    base: z.string().regex(/^[A-Z]{3}$/, { error: 'Choose a base currency' }),
    quote: z.string().regex(/^[A-Z]{3}$/, { error: 'Choose a quote currency' }),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be a date' }),
    rate: z.string().trim().regex(new RegExp(CLIENT_RATE_PATTERN), { error: CLIENT_RATE_MESSAGE }),
  })
  .refine((pair) => pair.base !== pair.quote, { error: CLIENT_SAME_CURRENCY, path: ['quote'] });

export type RateFormValues = z.input<typeof rateFormSchema>;
export type RateFormInput = z.output<typeof rateFormSchema>;
