import { describe, expect, it } from 'vitest';
import {
  AMOUNT_FIELD,
  CREDIT_LIMIT_FIELD,
  OPENING_BALANCE_FIELD,
  STATEMENT_BALANCE_FIELD,
  amountRefusalIn,
  amountRefusalsIn,
  boundText,
  signedAmountText,
} from './currency-amounts.js';

describe('amounts judged in their currency', () => {
  it('says what the API always said for USD and every exponent-2 currency', () => {
    for (const currency of ['USD', 'EUR', 'GBP']) {
      expect(amountRefusalIn(AMOUNT_FIELD, 12.345, currency)).toBe(
        'Amount must have at most two decimal places',
      );
      expect(amountRefusalIn(AMOUNT_FIELD, 1_000_000_000.01, currency)).toBe(
        'Amount must be at most 1,000,000,000.00',
      );
      expect(amountRefusalIn(AMOUNT_FIELD, 0, currency)).toBe('Amount must be greater than 0');
      expect(amountRefusalIn(AMOUNT_FIELD, 1_000_000_000, currency)).toBeNull();
      expect(amountRefusalIn(CREDIT_LIMIT_FIELD, 1.234, currency)).toBe(
        'Credit limit must have at most two decimal places',
      );
      expect(amountRefusalIn(CREDIT_LIMIT_FIELD, 1_000_000_000_000, currency)).toBe(
        'Credit limit must be at most 999,999,999,999.99',
      );
      expect(amountRefusalIn(CREDIT_LIMIT_FIELD, -1, currency)).toBe(
        'Credit limit must be 0 or more',
      );
      expect(amountRefusalIn(OPENING_BALANCE_FIELD, 1e12, currency)).toBe(
        'Opening balance must be at most 1,000,000,000.00',
      );
      expect(amountRefusalIn(OPENING_BALANCE_FIELD, -1e12, currency)).toBe(
        'Opening balance must be at least -1,000,000,000.00',
      );
      expect(amountRefusalIn(STATEMENT_BALANCE_FIELD, -1e15, currency)).toBe(
        'Statement balance must be at least -999,999,999,999.99',
      );
    }
  });

  it('lists every problem in the order the schemas did: bounds, then decimals', () => {
    expect(amountRefusalsIn(AMOUNT_FIELD, 2_000_000_000.123, 'USD')).toEqual([
      'Amount must be at most 1,000,000,000.00',
      'Amount must have at most two decimal places',
    ]);
  });

  it('names the currency for other exponents', () => {
    expect(amountRefusalIn(AMOUNT_FIELD, 12.5, 'JPY')).toBe('JPY amounts have no decimals');
    expect(amountRefusalIn(AMOUNT_FIELD, 1500, 'JPY')).toBeNull();
    expect(amountRefusalIn(AMOUNT_FIELD, 12.345, 'KWD')).toBeNull();
    expect(amountRefusalIn(AMOUNT_FIELD, 12.3456, 'KWD')).toBe(
      'KWD amounts have at most 3 decimals',
    );
    expect(amountRefusalIn(AMOUNT_FIELD, 12.3456, 'CLF')).toBeNull();
    // The same count of minor units is the bound in every currency.
    expect(amountRefusalIn(AMOUNT_FIELD, 100_000_000_000, 'JPY')).toBeNull();
    expect(amountRefusalIn(AMOUNT_FIELD, 100_000_000_001, 'JPY')).toBe(
      'Amount must be at most 100,000,000,000 JPY',
    );
    expect(amountRefusalIn(AMOUNT_FIELD, 100_000_000.001, 'KWD')).toBe(
      'Amount must be at most 100,000,000.000 KWD',
    );
    expect(amountRefusalIn(CREDIT_LIMIT_FIELD, 0.5, 'JPY')).toBe('JPY amounts have no decimals');
  });

  it('writes bounds and signed figures with the currency decimals, its code unless it has two', () => {
    expect(boundText(100_000n, 'USD')).toBe('1,000.00');
    expect(boundText(100_000n, 'JPY')).toBe('100,000 JPY');
    expect(boundText(100_000n, 'KWD')).toBe('100.000 KWD');
    expect(signedAmountText(-1250n, 'USD')).toBe('-12.50');
    expect(signedAmountText(-1500n, 'JPY')).toBe('-1,500 JPY');
    expect(signedAmountText(0n, 'USD')).toBe('0.00');
  });
});
