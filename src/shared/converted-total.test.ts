import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BALANCE_MINOR_UNITS } from './currency-money.js';
import { convertedTotal, type ConvertedTotal, type EntryToConvert } from './converted-total.js';
import { convertMinorUnits, decimalRate } from './exchange-rate.js';

function total(currency: string, entries: EntryToConvert[]): ConvertedTotal {
  const outcome = convertedTotal(currency, entries);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.value;
}

/** Entries of any currency at rates drawn for any pair: amounts small enough that all convert. */
const entries = fc.array(
  fc.record({
    amount: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
    currency: fc.constantFrom('JPY', 'USD', 'EUR', 'KWD'),
    rate: fc.option(fc.constantFrom('0.0065', '1.0823', '157.12', '3.25', '0.5', '1'), {
      nil: null,
    }),
  }),
  { maxLength: 30 },
);
const asEntries = (drawn: { amount: bigint; currency: string; rate: string | null }[]) =>
  drawn.map((entry) => ({ ...entry, rate: entry.rate === null ? null : decimalRate(entry.rate) }));

describe('convertedTotal', () => {
  it('rounds each entry at its own rate, then sums the rounded figures', () => {
    // Three 1 JPY entries at 0.0065 USD are 0.65 cents each: 1 cent each, 3 cents in all
    // (converting the 3 JPY sum at once would give 2 cents).
    const yen = { amount: 1n, currency: 'JPY', rate: decimalRate('0.0065') };
    expect(total('USD', [yen, yen, yen]).converted).toBe(3n);
    // Each day its own rate: 100.00 EUR at 1.0823, then at 1.10.
    expect(
      total('USD', [
        { amount: 10000n, currency: 'EUR', rate: decimalRate('1.0823') },
        { amount: 10000n, currency: 'EUR', rate: decimalRate('1.10') },
        { amount: 250n, currency: 'USD', rate: null },
      ]).converted,
    ).toBe(10823n + 11000n + 250n);
  });

  it('keeps entries without a rate apart in their own currency, never at 1:1', () => {
    const result = total('USD', [
      { amount: 10000n, currency: 'EUR', rate: null },
      { amount: 500n, currency: 'EUR', rate: null },
      { amount: 1000n, currency: 'JPY', rate: null },
      { amount: 199n, currency: 'USD', rate: null },
    ]);
    expect(result.converted).toBe(199n);
    expect(result.notConverted).toEqual(
      new Map([
        ['EUR', 10500n],
        ['JPY', 1000n],
      ]),
    );
  });

  it('is the sum of its entries’ figures in any grouping, and rate-less entries never count', () => {
    fc.assert(
      fc.property(entries, entries, fc.constantFrom('USD', 'JPY', 'KWD'), (a, b, currency) => {
        const all = total(currency, asEntries([...a, ...b]));
        const first = total(currency, asEntries(a));
        const second = total(currency, asEntries(b));
        expect(all.converted).toBe(first.converted + second.converted);
        let expected = 0n;
        const missing = new Map<string, bigint>();
        for (const entry of asEntries([...a, ...b])) {
          if (entry.currency === currency) expected += entry.amount;
          else if (entry.rate === null)
            missing.set(entry.currency, (missing.get(entry.currency) ?? 0n) + entry.amount);
          else {
            const figure = convertMinorUnits(entry.amount, entry.currency, currency, entry.rate);
            if (!figure.ok) throw new Error(figure.reason);
            expected += figure.value;
          }
        }
        expect(all.converted).toBe(expected);
        expect(all.notConverted).toEqual(missing);
      }),
    );
  });

  it('refuses with the reason when one entry’s figure passes the exact range', () => {
    expect(
      convertedTotal('JPY', [
        { amount: MAX_BALANCE_MINOR_UNITS, currency: 'KWD', rate: decimalRate('400000') },
      ]),
    ).toEqual({ ok: false, reason: 'The converted amount passes 999,999,999,999,999 JPY' });
  });
});
