import { describe, expect, it } from 'vitest';
import { addRateInput, isRateDecimal, RATE_MESSAGE, RATE_PATTERN } from './rate.js';

// The rate's exact-decimal form (docs/rates.md#a-rate): the one pattern the schema, the document
// and the ECB readers share.

describe('a rate decimal', () => {
  it.each([
    '1',
    '1.0823',
    '157.12',
    '0.000123',
    '0.85373',
    '17820.45',
    '1.0900',
    '999999999999.999999999999',
    '0.000000000001',
  ])('takes %s', (text) => {
    expect(isRateDecimal(text)).toBe(true);
  });

  it.each([
    '0',
    '0.0',
    '0.000000000000',
    '-1.08',
    '+1.08',
    '01.08',
    '.5',
    '1.',
    '1,08',
    '1e3',
    ' 1.08',
    '1.0000000000001',
    '1000000000000',
    '0.0000000000001',
    'NaN',
    '',
  ])('refuses %j', (text) => {
    expect(isRateDecimal(text)).toBe(false);
  });

  it('is published without look-around, so any JSON Schema tool reads it', () => {
    expect(RATE_PATTERN).not.toMatch(/\(\?[=!<]/);
  });

  it('is text in the API, never a JSON number', () => {
    const parsed = addRateInput.safeParse({
      base: 'EUR',
      quote: 'USD',
      day: '2026-11-27',
      rate: 1.08,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(RATE_MESSAGE);
  });
});
