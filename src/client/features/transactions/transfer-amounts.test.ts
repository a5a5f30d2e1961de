import { describe, expect, it } from 'vitest';
import { transferAmountsText } from './transfer-amounts.js';

const link = (
  fromCurrency: string,
  toCurrency: string,
  amount: number,
  receivedAmount: number,
) => ({
  transfer: {
    id: 't',
    fromAccountId: 'a',
    toAccountId: 'b',
    amount,
    receivedAmount,
    fromCurrency,
    toCurrency,
  },
});

describe('transferAmountsText', () => {
  it('says both amounts of a transfer between two currencies, each in its own', () => {
    expect(transferAmountsText(link('EUR', 'USD', 100, 108.5))).toBe('€100.00 → $108.50');
    expect(transferAmountsText(link('JPY', 'KWD', 1000, 2.043))).toBe('¥1,000 → KWD\u00a02.043');
  });

  it('says nothing for a transfer in one currency or another entry', () => {
    expect(transferAmountsText(link('USD', 'USD', 40, 40))).toBeNull();
    expect(transferAmountsText({ transfer: null })).toBeNull();
  });
});
