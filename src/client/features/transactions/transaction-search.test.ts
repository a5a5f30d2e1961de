import { describe, expect, it } from 'vitest';
import {
  exportQuery,
  isFiltered,
  parseTransactionSearch,
  searchInput,
} from './transaction-search.js';

const ACCOUNT = '0b0e5f7a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';
const CATEGORY = '1c1e5f7a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';

describe('the Transactions page URL state', () => {
  it('keeps every valid field and maps it to the API query', () => {
    const search = parseTransactionSearch({
      q: ' rent ',
      account: ACCOUNT.toUpperCase(),
      category: CATEGORY,
      tag: 'Trip',
      type: 'expense',
      min: '10.5',
      max: 200,
      from: '2025-01-01',
      to: '2025-03-31',
      sort: 'amount_asc',
      entry: ACCOUNT,
    });
    expect(search).toEqual({
      q: 'rent',
      account: ACCOUNT,
      category: CATEGORY,
      tag: 'trip',
      type: 'expense',
      min: 10.5,
      max: 200,
      from: '2025-01-01',
      to: '2025-03-31',
      sort: 'amount_asc',
      entry: ACCOUNT,
    });
    expect(searchInput(search)).toEqual({
      q: 'rent',
      accountId: ACCOUNT,
      categoryId: CATEGORY,
      tag: 'trip',
      type: 'expense',
      minAmount: 10.5,
      maxAmount: 200,
      dateFrom: '2025-01-01',
      dateTo: '2025-03-31',
      sort: 'amount_asc',
    });
  });

  it('drops what the server would refuse instead of failing the page', () => {
    expect(
      parseTransactionSearch({
        account: 'not-an-id',
        category: 'food',
        type: 'refund',
        min: '1.234',
        max: -3,
        from: '2025-02-30',
        to: 'yesterday',
        sort: 'random',
        q: 'x'.repeat(101),
        entry: 42,
      }),
    ).toEqual({});
  });

  it('keeps uncategorised, numbers typed as search words, and drops bounds the wrong way round', () => {
    expect(
      parseTransactionSearch({
        category: 'none',
        q: 2024,
        min: 50,
        max: 10,
        from: '2025-05-01',
        to: '2025-04-01',
      }),
    ).toEqual({ category: 'none', q: '2024', min: 50, from: '2025-05-01' });
  });

  it('leaves the default sort out of the URL and counts only filters as narrowing', () => {
    expect(parseTransactionSearch({ sort: 'date_desc' })).toEqual({});
    expect(isFiltered({ sort: 'amount_desc', entry: ACCOUNT })).toBe(false);
    expect(isFiltered({ tag: 'trip' })).toBe(true);
    expect(searchInput({ entry: ACCOUNT })).toEqual({});
  });

  it('asks the CSV export for exactly the view: filters, search and sort, never the open entry', () => {
    const query = new URLSearchParams(
      exportQuery({
        q: 'rent & co',
        category: 'none',
        type: 'expense',
        min: 10.5,
        from: '2025-01-01',
        sort: 'amount_asc',
        entry: ACCOUNT,
      }),
    );
    expect(Object.fromEntries(query)).toEqual({
      q: 'rent & co',
      categoryId: 'none',
      type: 'expense',
      minAmount: '10.5',
      dateFrom: '2025-01-01',
      sort: 'amount_asc',
    });
    expect(exportQuery({ entry: ACCOUNT })).toBe('');
  });
});
