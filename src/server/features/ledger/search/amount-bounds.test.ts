import { describe, expect, it } from 'vitest';
import { amountFilter } from './amount-bounds.js';

describe('the amount bounds of a search', () => {
  it('is one figure per bound when every currency has the same exponent', () => {
    const accounts = new Map([
      ['a', 'USD'],
      ['b', 'EUR'],
    ]);
    expect(amountFilter({ min: 10, max: 12.5 }, 'USD', accounts)).toEqual({
      kind: 'one',
      minCents: 1000n,
      maxCents: 1250n,
    });
    expect(amountFilter({ min: 1500 }, 'JPY', null)).toEqual({
      kind: 'one',
      minCents: 1500n,
      maxCents: undefined,
    });
    expect(amountFilter({}, 'USD', accounts)).toBeUndefined();
  });

  it('groups the accounts by exponent otherwise, each with its own figures', () => {
    const accounts = new Map([
      ['usd', 'USD'],
      ['jpy', 'JPY'],
      ['kwd', 'KWD'],
      ['eur', 'EUR'],
    ]);
    const filter = amountFilter({ min: 10.5, max: 20 }, 'USD', accounts);
    expect(filter?.kind).toBe('grouped');
    const groups = filter?.kind === 'grouped' ? filter.groups : [];
    const sorted = [...groups].sort((a, b) =>
      a.accountIds.join().localeCompare(b.accountIds.join()),
    );
    expect(sorted).toEqual([
      // 10.5 yen is not a yen: the lower bound keeps 11 and up.
      { accountIds: ['jpy'], unbooked: false, minCents: 11n, maxCents: 20n },
      { accountIds: ['kwd'], unbooked: false, minCents: 10_500n, maxCents: 20_000n },
      { accountIds: ['usd', 'eur'], unbooked: true, minCents: 1050n, maxCents: 2000n },
    ]);
  });

  it('rounds an upper bound down in a coarser currency', () => {
    const filter = amountFilter({ max: 10.99 }, 'USD', new Map([['jpy', 'JPY']]));
    const groups = filter?.kind === 'grouped' ? filter.groups : [];
    expect(groups.find((group) => !group.unbooked)).toEqual({
      accountIds: ['jpy'],
      unbooked: false,
      minCents: undefined,
      maxCents: 10n,
    });
  });
});
