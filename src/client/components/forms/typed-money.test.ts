import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../lib/locale.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { USD } from '../../lib/format.js';
import { readTypedMoney } from '../../../shared/typed-amount.js';
import { amountText, optionalAmountText } from './amount-text.js';
import {
  amountPlaceholder,
  marksFor,
  minorUnitsOf,
  moneyEditText,
  moneyOf,
  readMoney,
  recordsMoneyText,
  recordsText,
} from './typed-amounts.js';

const JPY = displayCurrency('JPY');
const KWD = displayCurrency('KWD');
const EUR = displayCurrency('EUR');

afterEach(() => applyLocale('en-US'));

describe('amounts typed in an account’s currency', () => {
  it('reads with the currency’s decimals: none for JPY, three for KWD', () => {
    applyLocale('en-US');
    expect(readMoney('1,500', JPY)).toEqual({ kind: 'minorUnits', minorUnits: 1500n });
    expect(readMoney('12.5', JPY)).toEqual({
      kind: 'unreadable',
      message: 'JPY amounts have no decimals',
    });
    expect(readMoney('12.345', KWD)).toEqual({ kind: 'minorUnits', minorUnits: 12345n });
    expect(readMoney('12.3456', KWD)).toEqual({
      kind: 'unreadable',
      message: 'KWD amounts have at most 3 decimals',
    });
    expect(readMoney('200000000000', JPY)).toEqual({
      kind: 'unreadable',
      message: 'Amount must be at most 100,000,000,000 JPY',
    });
    expect(moneyOf('12.345', KWD)).toBe(12.345);
    expect(moneyOf('0', JPY)).toBeNull();
  });

  it('reads as the shared reader does for a currency whose exponent it is given', () => {
    for (const [text, currency] of [
      ['12,5', KWD],
      ['1.234', JPY],
      ['x', KWD],
      ['1.2', JPY],
    ] as const) {
      expect(readMoney(text, currency)).toEqual(
        readTypedMoney(text, marksFor('en-US'), currency.code),
      );
    }
  });

  it('keeps the words amounts always had for every two-decimal currency, as the API does', () => {
    for (const currency of [USD, EUR]) {
      expect(readMoney('12.345', currency)).toEqual({
        kind: 'unreadable',
        message: 'Amount must have at most two decimal places',
      });
      expect(readMoney('1000000000.01', currency)).toEqual({
        kind: 'unreadable',
        message: 'Amount must be at most 1,000,000,000.00',
      });
    }
  });

  it('reads in the person’s locale: 12,345 is 12.345 KWD in Germany', () => {
    applyLocale('de-DE');
    expect(readMoney('12,345', KWD)).toEqual({ kind: 'minorUnits', minorUnits: 12345n });
    expect(moneyEditText(12.5, KWD)).toBe('12,500');
    expect(amountPlaceholder(marksFor('de-DE'), KWD)).toBe('0,000');
  });

  it('writes an amount for editing with the currency’s decimals', () => {
    expect(moneyEditText(1500, JPY)).toBe('1500');
    expect(moneyEditText(-12.5, KWD)).toBe('12.500');
    expect(moneyEditText(45.2)).toBe('45.20');
    expect(amountPlaceholder(marksFor('en-US'), JPY)).toBe('0');
    expect(amountPlaceholder(marksFor('en-US'), USD)).toBe('0.00');
  });

  it('says what a field records: "$" for USD as before, the code for others', () => {
    expect(recordsMoneyText(1250n, USD)).toBe('Records $12.50');
    expect(recordsMoneyText(1250n, USD)).toBe(recordsText(1250n));
    expect(recordsMoneyText(150000n, JPY)).toBe('Records 150,000 JPY');
    expect(recordsMoneyText(12345n, KWD)).toBe('Records 12.345 KWD');
  });

  it('takes minor units from API units exactly, and never throws on a figure', () => {
    expect(minorUnitsOf(1.005, KWD)).toBe(1005n);
    expect(minorUnitsOf(-12.34, EUR)).toBe(-1234n);
    expect(minorUnitsOf(1.5, JPY)).toBe(2n);
  });
});

describe('the amount fields’ checks in a currency', () => {
  it('refuse more decimals than the currency has, with its words', () => {
    const deposit = amountText('Please enter a valid amount to deposit.', { currency: JPY });
    expect(deposit.safeParse('1500').data).toBe(1500);
    expect(deposit.safeParse('12.5').error?.issues[0]?.message).toBe(
      'JPY amounts have no decimals',
    );
    expect(deposit.safeParse('').error?.issues[0]?.message).toBe(
      'Please enter a valid amount to deposit.',
    );
    expect(amountText('x', { currency: KWD }).safeParse('0.001').data).toBe(0.001);
  });

  it('keep the spec’s messages in USD', () => {
    const deposit = amountText('Please enter a valid amount to deposit.');
    expect(deposit.safeParse('0').error?.issues[0]?.message).toBe(
      'Please enter a valid amount to deposit.',
    );
    expect(deposit.safeParse('1.234').error?.issues[0]?.message).toBe(
      'Amount must have at most two decimal places',
    );
  });

  it('take an optional amount in the currency: empty is none, 0 is an amount', () => {
    const limit = optionalAmountText(KWD);
    expect(limit.safeParse('').data).toBeUndefined();
    expect(limit.safeParse('0').data).toBe(0);
    expect(limit.safeParse('5.125').data).toBe(5.125);
    expect(optionalAmountText(JPY).safeParse('5.1').error?.issues[0]?.message).toBe(
      'JPY amounts have no decimals',
    );
  });
});
