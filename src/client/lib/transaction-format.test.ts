import { describe, expect, it } from 'vitest';
import { rowAmount, transferLabel } from './transaction-format.js';

const names = new Map([
  ['a', 'Checking'],
  ['b', 'Savings'],
]);
const leg = (accountId: string) => ({
  transactionType: 'transfer' as const,
  amount: 40,
  accountId,
  transfer: {
    id: 't',
    fromAccountId: 'a',
    toAccountId: 'b',
    amount: 40,
    receivedAmount: 40,
    fromCurrency: 'USD',
    toCurrency: 'USD',
  },
});

describe('transferLabel', () => {
  it('names both sides where every account is listed', () => {
    expect(transferLabel(leg('a'), names)).toBe('Checking → Savings');
  });
  it("names the other side on one account's list", () => {
    expect(transferLabel(leg('a'), names, 'a')).toBe('Transfer to Savings');
    expect(transferLabel(leg('b'), names, 'b')).toBe('Transfer from Checking');
  });
  it('says so when an account was deleted, and is null for other entries', () => {
    expect(transferLabel(leg('a'), new Map([['a', 'Checking']]))).toBe(
      'Checking → a deleted account',
    );
    expect(transferLabel({ transactionType: 'deposit', transfer: null }, names)).toBeNull();
  });
});

describe('rowAmount', () => {
  it('shows a transfer as one row without a sign, a leg on its account signed', () => {
    expect(rowAmount(leg('a'))).toEqual({ text: '$40.00', tone: 'moved' });
    expect(rowAmount(leg('a'), 'a')).toEqual({ text: '-$40.00', tone: 'out' });
    expect(rowAmount(leg('b'), 'b')).toEqual({ text: '+$40.00', tone: 'in' });
  });
});

describe('amounts in the entry’s currency', () => {
  it('signs and writes each entry in its own currency', () => {
    expect(rowAmount({ ...leg('a'), currency: 'JPY', amount: 1500 }, 'a')).toEqual({
      text: '-¥1,500',
      tone: 'out',
    });
    expect(
      rowAmount({
        ...leg('a'),
        transactionType: 'deposit',
        transfer: null,
        currency: 'EUR',
        amount: 12.34,
      }),
    ).toEqual({ text: '+€12.34', tone: 'in' });
    expect(rowAmount({ ...leg('a'), currency: 'KWD', amount: 1.5 })).toEqual({
      text: 'KWD\u00a01.500',
      tone: 'moved',
    });
  });
});
