import { describe, expect, it } from 'vitest';
import { ProviderAnswerError, readFrankfurterAnswer } from './frankfurter-answer.js';

// The provider's answer (docs/rates.md#an-online-provider): the Frankfurter v1 shape, each rate
// kept as the text it was written as, never through a double.

const answer = (rates: string, extra = '') =>
  `{"amount":1.0,"base":"EUR","date":"2026-11-27"${extra},"rates":{${rates}}}`;

const refusal = (text: string) => {
  try {
    readFrankfurterAnswer(text);
  } catch (error) {
    return error instanceof ProviderAnswerError ? error.message : error;
  }
  return null;
};

describe('a Frankfurter answer', () => {
  it('gives the day and every rate as written, trailing zeros and all', () => {
    expect(
      readFrankfurterAnswer(answer('"USD":1.0823,"JPY":157.12,"GBP":0.86100,"KWD": 0.3321')),
    ).toEqual({
      day: '2026-11-27',
      quotes: ['USD', 'JPY', 'GBP', 'KWD'],
      rates: ['1.0823', '157.12', '0.86100', '0.3321'],
      skipped: 0,
    });
  });

  it('reads the layout the API answers with, spaces and line breaks included', () => {
    const text = `{
  "amount": 1.0,
  "base": "EUR",
  "date": "2026-11-27",
  "rates": {
    "AUD": 1.6482,
    "USD": 1.0823
  }
}`;
    expect(readFrankfurterAnswer(text)).toMatchObject({
      quotes: ['AUD', 'USD'],
      rates: ['1.6482', '1.0823'],
    });
  });

  it('skips a rate it cannot keep exactly or a code that is not a currency', () => {
    expect(readFrankfurterAnswer(answer('"USD":1.0823,"XYZ":2,"IDR":1.7e4'))).toMatchObject({
      quotes: ['USD'],
      skipped: 2,
    });
  });

  it('refuses what is not a day of EUR rates', () => {
    expect(refusal('not json')).toBe('the answer is not JSON');
    expect(refusal('{"base":"USD","date":"2026-11-27","rates":{}}')).toMatch(/not a day of EUR/);
    expect(refusal(answer('"USD":-1'))).toMatch(/not a day of EUR/);
    expect(refusal('{"base":"EUR","date":"2026-02-30","rates":{}}')).toBe(
      "the answer's date 2026-02-30 is not a day",
    );
    expect(refusal(' '.repeat(70_000))).toBe('the answer is too long');
  });
});
