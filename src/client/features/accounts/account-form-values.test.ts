import { describe, expect, it } from 'vitest';
import {
  changesAccount,
  checkAccountForm,
  colorProblem,
  createAccountFormSchema,
  EMPTY_ACCOUNT_FORM,
  formValuesOf,
  isCurrencyRefusal,
  onBudgetByDefault,
} from './account-form-values.js';
import { creditLimitBelowOwed, isCreditLimitBelowOwed } from '../../../shared/schemas/account.js';
import { parseAccountListSearch, searchOfView, viewOfSearch } from './account-list-view.js';

describe('the account form', () => {
  it('names each field that is wrong, and the title first for the toast', () => {
    const check = checkAccountForm({
      title: ' ',
      description: 'x'.repeat(501),
      icon: 'wallet',
      color: '#12',
    });
    expect(check).toEqual({
      ok: false,
      message: 'Title is required',
      errors: {
        title: 'Title is required',
        description: 'Description must be at most 500 characters',
        color: 'Color must be a hex color like #10b981',
      },
    });
  });

  it('says "Invalid account data" when only another field is wrong', () => {
    const check = checkAccountForm({ title: 'Ok', description: '', icon: 'x', color: '#10b981' });
    expect(check.ok ? null : check.message).toBe('Invalid account data');
  });

  it('checks a colour as it is typed', () => {
    expect(colorProblem('#123456')).toBeNull();
    expect(colorProblem('red')).toBe('Color must be a hex color like #10b981');
  });
});

describe('the add form: type, credit limit and opening balance', () => {
  const typed = (values: Partial<typeof EMPTY_ACCOUNT_FORM>) =>
    createAccountFormSchema.safeParse({ ...EMPTY_ACCOUNT_FORM, title: 'Visa', ...values });

  it('sends what is owed on a card as a balance below zero, with its day', () => {
    const result = typed({
      type: 'credit-card',
      creditLimit: '500',
      openingBalance: '50.25',
      openingDate: '2025-06-01',
    });
    expect(result.success && result.data).toMatchObject({
      type: 'credit-card',
      creditLimit: 500,
      openingBalance: -50.25,
      openingDate: '2025-06-01',
    });
  });

  it('sends an opening balance as typed on other types, and none when empty or 0', () => {
    expect(typed({ type: 'savings', openingBalance: '12.5' }).data).toMatchObject({
      openingBalance: 12.5,
    });
    expect(typed({ openingBalance: '' }).data).not.toHaveProperty('openingBalance');
    expect(typed({ openingBalance: '0' }).data).not.toHaveProperty('openingBalance');
  });

  it('refuses at the field what is owed beyond the credit limit, and a signed amount', () => {
    const beyond = typed({ type: 'loan', creditLimit: '100', openingBalance: '100.01' });
    expect(beyond.error?.issues).toEqual([
      expect.objectContaining({
        path: ['openingBalance'],
        message: 'An opening balance of -100.01 needs a credit limit of at least 100.01',
      }),
    ]);
    expect(typed({ creditLimit: '-5' }).error?.issues[0]?.path).toEqual(['creditLimit']);
  });

  it("knows the server's refusal of a limit below what is owed", () => {
    expect(isCreditLimitBelowOwed(creditLimitBelowOwed(123456n))).toBe(true);
    expect(isCreditLimitBelowOwed('Insufficient funds')).toBe(false);
  });
});

describe('the account form: its currency', () => {
  const typed = (values: Partial<typeof EMPTY_ACCOUNT_FORM>) =>
    createAccountFormSchema.safeParse({ ...EMPTY_ACCOUNT_FORM, title: 'Yen', ...values });

  it('sends the currency chosen, and reads the amounts in it', () => {
    expect(typed({ currency: 'JPY', creditLimit: '5000' }).data).toMatchObject({
      currency: 'JPY',
      creditLimit: 5000,
    });
    expect(typed({ currency: 'JPY', openingBalance: '12.5' }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['openingBalance'],
        message: 'JPY amounts have no decimals',
      }),
    ]);
    expect(typed({ creditLimit: '1.005' }).error?.issues[0]).toMatchObject({
      path: ['creditLimit'],
      message: 'Amount must have at most two decimal places',
    });
  });

  it('starts a new account in the book’s base currency, an edit in the account’s', () => {
    expect(formValuesOf(undefined, '2026-11-28', 'EUR').currency).toBe('EUR');
    expect(EMPTY_ACCOUNT_FORM.currency).toBe('USD');
  });

  it('counts a change of currency as a change, and knows the refusal of one', () => {
    const account = {
      title: 'Yen',
      description: '',
      icon: 'wallet',
      color: '#10b981',
      type: 'other',
      creditLimit: 0,
      currency: 'JPY',
    } as unknown as Parameters<typeof changesAccount>[0];
    const same = { title: 'Yen', description: '', icon: 'wallet' as const, color: '#10b981' };
    expect(changesAccount(account, { ...same, currency: 'JPY' })).toBe(false);
    expect(changesAccount(account, { ...same, currency: 'USD' })).toBe(true);
    expect(isCurrencyRefusal("An account's currency cannot change once it has transactions")).toBe(
      true,
    );
    expect(isCurrencyRefusal('Insufficient funds')).toBe(false);
  });
});

describe('on budget', () => {
  it('starts a new account on the budget unless it is a loan', () => {
    expect(EMPTY_ACCOUNT_FORM.onBudget).toBe(true);
    expect(onBudgetByDefault('checking')).toBe(true);
    expect(onBudgetByDefault('credit-card')).toBe(true);
    expect(onBudgetByDefault('loan')).toBe(false);
  });

  it('sends the choice, and counts a change of it as a change', () => {
    const checked = createAccountFormSchema.parse({
      ...EMPTY_ACCOUNT_FORM,
      title: 'Mortgage',
      onBudget: false,
    });
    expect(checked.onBudget).toBe(false);
    const account = {
      title: 'Mortgage',
      description: '',
      icon: 'wallet',
      color: '#10b981',
      type: 'loan',
      creditLimit: 0,
      currency: 'USD',
      onBudget: false,
    } as unknown as Parameters<typeof changesAccount>[0];
    expect(formValuesOf(account).onBudget).toBe(false);
    const same = { title: 'Mortgage', description: '', icon: 'wallet' as const, color: '#10b981' };
    expect(changesAccount(account, { ...same, onBudget: false })).toBe(false);
    expect(changesAccount(account, { ...same, onBudget: true })).toBe(true);
  });
});

describe('the accounts list view in the URL', () => {
  it('keeps only what differs from the defaults, and reads back what it wrote', () => {
    expect(searchOfView({ search: '', sort: 'latest' })).toEqual({});
    expect(searchOfView({ search: 'rent', sort: 'oldest' })).toEqual({ q: 'rent', sort: 'oldest' });
    expect(viewOfSearch(parseAccountListSearch({ q: 'rent', sort: 'balance-asc' }))).toEqual({
      search: 'rent',
      sort: 'balance-asc',
    });
  });

  it('ignores what it does not know', () => {
    expect(parseAccountListSearch({ q: 42, sort: 'sideways' })).toEqual({});
  });
});
