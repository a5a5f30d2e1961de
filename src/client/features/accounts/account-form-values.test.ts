import { describe, expect, it } from 'vitest';
import { checkAccountForm, colorProblem } from './account-form-values.js';
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
