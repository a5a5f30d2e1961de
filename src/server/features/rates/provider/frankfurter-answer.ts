import { z } from 'zod';
import { isRateCurrencyCode } from '../../../../shared/currencies.js';
import { isRateDecimal } from '../../../../shared/schemas/rate.js';

// Reading a Frankfurter answer (GET {url}/v1/latest?base=EUR, docs/rates.md#an-online-provider):
// `{"amount":1.0,"base":"EUR","date":"2026-11-27","rates":{"USD":1.0823,"JPY":157.12,...}}`.
// Its rates are JSON numbers, and JSON.parse would turn them into doubles; a rate is an exact
// decimal here (decision 030), so each rate's text is taken from the body as written, and the
// parsed document only checks the shape and that the texts are the numbers it holds.

/** The most bytes of an answer: a day of about 30 rates is about 500 bytes. */
export const PROVIDER_ANSWER_BYTES_MAX = 64 * 1024;
/** The most rates one answer may bring (the ECB quotes about 30 currencies). */
const RATES_MAX = 400;

const answerShape = z.object({
  base: z.literal('EUR'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rates: z.record(z.string(), z.number().positive()),
});

/** A day of EUR rates as the provider wrote them. */
export interface ProviderRates {
  day: string;
  /** Parallel lists: quote currency and the rate's exact text. */
  quotes: string[];
  rates: string[];
  /** Rates left out: an unknown code, or a number this app does not keep exactly. */
  skipped: number;
}

export class ProviderAnswerError extends Error {}

/** `"USD": 1.0823` as it appears in the body; linear (no quantifier can backtrack). */
const RATE_TEXT = /"([A-Z]{3})"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

const realDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** Reads an answer's text; throws ProviderAnswerError (with why) for anything else. */
export function readFrankfurterAnswer(text: string): ProviderRates {
  if (text.length > PROVIDER_ANSWER_BYTES_MAX) {
    throw new ProviderAnswerError('the answer is too long');
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ProviderAnswerError('the answer is not JSON');
  }
  const shape = answerShape.safeParse(document);
  if (!shape.success) {
    throw new ProviderAnswerError(
      'the answer is not a day of EUR rates ({ base: "EUR", date, rates })',
    );
  }
  const { date, rates } = shape.data;
  if (!realDay(date)) throw new ProviderAnswerError(`the answer's date ${date} is not a day`);
  const codes = Object.keys(rates);
  if (codes.length > RATES_MAX) throw new ProviderAnswerError('the answer has too many rates');
  const written = new Map<string, string>();
  for (const match of text.matchAll(RATE_TEXT)) {
    const [, code, number] = match;
    if (code !== undefined && number !== undefined && !written.has(code)) written.set(code, number);
  }
  const out: ProviderRates = { day: date, quotes: [], rates: [], skipped: 0 };
  for (const code of codes) {
    const number = written.get(code);
    // The text must be the number the document holds (a key repeated elsewhere would not be).
    if (
      number === undefined ||
      Number(number) !== rates[code] ||
      code === 'EUR' ||
      !isRateCurrencyCode(code) ||
      !isRateDecimal(number)
    ) {
      out.skipped += 1;
      continue;
    }
    out.quotes.push(code);
    out.rates.push(number);
  }
  return out;
}
