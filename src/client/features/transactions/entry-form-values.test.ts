import { describe, expect, it } from 'vitest';
import { UNCATEGORISED } from '../../components/widgets/category-select.js';
import { entryCurrencyOf } from './entry-currency.js';
import {
  NO_ACCOUNT,
  entryFormSchema,
  entryFormValues,
  type EntryFormValues,
} from './entry-form-values.js';

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

describe('the entry form in the chosen account’s currency', () => {
  const currencies = entryCurrencyOf(
    [
      { id: 'wallet', currency: 'JPY' },
      { id: 'card', currency: 'KWD' },
    ],
    'EUR',
  );
  const checked = (values: Partial<EntryFormValues>) =>
    entryFormSchema(new Set(['wallet', 'card']), currencies).safeParse(typed(values));

  it('reads the amount in that currency, refusing more decimals in its words', () => {
    expect(checked({ amount: '1500' }).data).toMatchObject({ amount: 1500 });
    expect(checked({ amount: '12.5' }).error?.issues[0]?.message).toBe(
      'JPY amounts have no decimals',
    );
    expect(checked({ amount: '12.345', accountId: 'card' }).data).toMatchObject({
      amount: 12.345,
    });
  });

  it('keeps an expense without an account in the book’s base currency', () => {
    expect(currencies(NO_ACCOUNT)).toEqual({ code: 'EUR', exponent: 2 });
    expect(currencies('card')).toEqual({ code: 'KWD', exponent: 3 });
  });

  it('reads split lines in the same currency', () => {
    const line = (key: string, amountText: string) => ({
      key,
      categoryId: UNCATEGORISED,
      amountText,
      note: '',
    });
    const lines = [line('a', '700'), line('b', '300')];
    expect(
      checked({ type: 'withdraw', amount: '1000', split: true, lines }).data?.lines,
    ).toHaveLength(2);
    expect(
      checked({
        type: 'withdraw',
        amount: '1000',
        split: true,
        lines: [line('a', '999.5'), line('b', '300')],
      }).error?.issues[0]?.message,
    ).toMatch(/^The split lines must add up to the amount/);
  });
});
