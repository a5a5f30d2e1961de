import { describe, expect, it } from 'vitest';
import { entryFormSchema, entryFormValues, type EntryFormValues } from './entry-form-values.js';

const accounts = new Set(['wallet', 'card']);
const typed = (values: Partial<EntryFormValues>): EntryFormValues => ({
  ...entryFormValues(undefined, { type: 'deposit', accountId: 'wallet' }, '2026-11-26'),
  ...values,
});
const problems = (values: Partial<EntryFormValues>) => {
  const result = entryFormSchema(accounts).safeParse(typed(values));
  return result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]);
};

describe('entryFormSchema: the one entry form check', () => {
  it('starts a new entry of the asked type, on the asked account, today', () => {
    expect(typed({})).toMatchObject({
      type: 'deposit',
      accountId: 'wallet',
      occurredOn: '2026-11-26',
    });
  });

  it("refuses an empty amount in the spec's words of the chosen type", () => {
    expect(problems({ amount: '' })).toEqual([
      ['amount', 'Please enter a valid amount to deposit.'],
    ]);
    expect(problems({ type: 'withdraw', amount: '0' })).toEqual([
      ['amount', 'Please enter a valid amount to withdraw.'],
    ]);
    expect(problems({ type: 'expense', amount: '' })).toEqual([
      ['amount', 'Please enter a valid amount.'],
    ]);
  });

  it('a transfer needs two different accounts', () => {
    expect(problems({ type: 'transfer', amount: '5' })).toEqual([
      ['toAccountId', 'Choose both accounts'],
    ]);
    expect(problems({ type: 'transfer', amount: '5', toAccountId: 'wallet' })).toEqual([
      ['toAccountId', 'Choose two different accounts'],
    ]);
    expect(problems({ type: 'transfer', amount: '5', toAccountId: 'card' })).toEqual([]);
  });

  it('reads the amount and parses the tags once valid', () => {
    const result = entryFormSchema(accounts).parse(
      typed({ amount: '12.50', tags: 'Trip, trip ,work' }),
    );
    expect(result).toMatchObject({ amount: 12.5, tags: ['trip', 'work'] });
  });
});
