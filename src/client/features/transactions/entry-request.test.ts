import { describe, expect, it } from 'vitest';
import { UNCATEGORISED } from '../../components/widgets/category-select.js';
import { NO_ACCOUNT, newEntryRequest, type CheckedEntry } from './entry-request.js';

const entry = (values: Partial<CheckedEntry> = {}): CheckedEntry => ({
  type: 'deposit',
  amount: 12.5,
  accountId: 'wallet',
  toAccountId: NO_ACCOUNT,
  occurredOn: '2026-10-26',
  description: '',
  payee: '',
  categoryId: UNCATEGORISED,
  tags: [],
  split: false,
  lines: [],
  ...values,
});

describe('newEntryRequest: the one entry form values -> the operation and its input', () => {
  it('a plain deposit is the spec request (no description: the server writes its default) with its day', () => {
    expect(newEntryRequest(entry())).toEqual({
      operation: 'deposit',
      input: { id: 'wallet', amount: 12.5, description: undefined, occurredOn: '2026-10-26' },
    });
  });

  it('a withdrawal carries its category, payee and tags, trimmed', () => {
    const request = newEntryRequest(
      entry({
        type: 'withdraw',
        description: '  Rent ',
        payee: ' Landlord ',
        categoryId: 'housing',
        tags: ['home'],
      }),
    );
    expect(request).toEqual({
      operation: 'withdraw',
      input: {
        id: 'wallet',
        amount: 12.5,
        description: 'Rent',
        occurredOn: '2026-10-26',
        payee: 'Landlord',
        tags: ['home'],
        categoryId: 'housing',
      },
    });
  });

  it('an expense goes to the expense endpoint, with no account when None is chosen', () => {
    expect(newEntryRequest(entry({ type: 'expense', accountId: NO_ACCOUNT }))).toEqual({
      operation: 'expense',
      input: { amount: 12.5, description: undefined, occurredOn: '2026-10-26', accountId: null },
    });
  });

  it('a split expense goes to the entry endpoint with its lines and no category of its own', () => {
    const request = newEntryRequest(
      entry({
        type: 'expense',
        amount: 10,
        categoryId: 'food',
        split: true,
        lines: [
          { key: 'a', amountText: '6', categoryId: 'food', note: ' bread ' },
          { key: 'b', amountText: '4', categoryId: UNCATEGORISED, note: '' },
        ],
      }),
    );
    expect(request).toEqual({
      operation: 'entry',
      input: {
        type: 'expense',
        accountId: 'wallet',
        amount: 10,
        description: undefined,
        occurredOn: '2026-10-26',
        splits: [
          { categoryId: 'food', amount: 6, note: 'bread' },
          { categoryId: null, amount: 4, note: '' },
        ],
      },
    });
  });

  it('a deposit ticked "split" is not split (only money going out is)', () => {
    expect(newEntryRequest(entry({ split: true })).operation).toBe('deposit');
  });

  it('a transfer goes to the transfer endpoint, without category, payee or tags', () => {
    const request = newEntryRequest(
      entry({
        type: 'transfer',
        toAccountId: 'card',
        description: 'Pay the card',
        payee: 'ignored',
        categoryId: 'ignored',
        tags: ['ignored'],
      }),
    );
    expect(request).toEqual({
      operation: 'transfer',
      input: {
        fromAccountId: 'wallet',
        toAccountId: 'card',
        amount: 12.5,
        occurredOn: '2026-10-26',
        description: 'Pay the card',
      },
    });
  });
});
