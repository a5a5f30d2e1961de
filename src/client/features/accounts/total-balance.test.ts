import { describe, expect, it } from 'vitest';
import type { Account } from '../../../shared/schemas/account.js';
import { totalBalance } from './total-balance.js';

const account = (balance: number, currency: string) => ({ balance, currency }) as Account;

describe('totalBalance', () => {
  it('adds balances in exact minor units when all are in the base currency', () => {
    expect(totalBalance([account(0.1, 'USD'), account(0.2, 'USD')], 'USD')).toBe(0.3);
    expect(totalBalance([account(1.005, 'KWD'), account(2.001, 'KWD')], 'KWD')).toBe(3.006);
    expect(totalBalance([], 'EUR')).toBe(0);
  });

  it('refuses to add balances of different currencies as if one (null)', () => {
    expect(totalBalance([account(10, 'USD'), account(1500, 'JPY')], 'USD')).toBeNull();
    expect(totalBalance([account(10, 'EUR')], 'USD')).toBeNull();
  });
});
