import { describe, expect, it } from 'vitest';
import { RATE_MESSAGE, RATE_PATTERN, addRateInput } from '../../../shared/schemas/rate.js';
import {
  CLIENT_RATE_MESSAGE,
  CLIENT_RATE_PATTERN,
  CLIENT_SAME_CURRENCY,
  rateFormSchema,
} from './rate-text.js';

const form = (rate: string, pair: { base?: string; quote?: string } = {}) => ({
  base: 'EUR',
  quote: 'USD',
  day: '2026-11-27',
  rate,
  ...pair,
});

describe('the rate form check', () => {
  it('is the shared schema’s pattern and message, word for word', () => {
    expect(CLIENT_RATE_PATTERN).toBe(RATE_PATTERN);
    expect(CLIENT_RATE_MESSAGE).toBe(RATE_MESSAGE);
  });

  it('keeps the rate as the text typed, trailing zeros included, never a number', () => {
    const checked = rateFormSchema.parse(form(' 1.0900 '));
    expect(checked.rate).toBe('1.0900');
    expect(addRateInput.parse(checked).rate).toBe('1.0900');
  });

  it.each(['0', '-1.2', '1e3', '1,0823', '01.5', '0.0000000000001', ''])(
    'refuses %j at the rate, as the server would',
    (rate) => {
      const result = rateFormSchema.safeParse(form(rate));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['rate'], message: RATE_MESSAGE });
      expect(addRateInput.safeParse(form(rate)).success).toBe(false);
    },
  );

  it('refuses a pair of one currency at the quote', () => {
    const result = rateFormSchema.safeParse(form('1', { base: 'USD', quote: 'USD' }));
    expect(result.error?.issues[0]).toMatchObject({
      path: ['quote'],
      message: CLIENT_SAME_CURRENCY,
    });
  });
});
