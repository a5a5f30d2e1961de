import { describe, expect, it } from 'vitest';
import { convertMinorUnits, decimalRate, roundHalfEven } from '../../../shared/exchange-rate.js';
import { atDayRate } from './balance-valuation.js';
import {
  daysBefore,
  daysOf,
  pairsFor,
  pickDayRates,
  type DayRate,
  type PairRow,
} from './day-rates.js';

const row = (base: string, quote: string, day: string, rate: string): PairRow => ({
  base,
  quote,
  day,
  rate,
});
const at = (rates: DayRate[], currency: string, day: string) =>
  rates.find((r) => r.currency === currency && r.day === day);
/** A day rate as a reduced fraction string, to compare. */
const fraction = (rate: DayRate | undefined) =>
  rate === undefined ? undefined : `${rate.numerator}/${rate.denominator}`;

describe('daysOf and daysBefore', () => {
  it('walks calendar days across months and leap days', () => {
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysBefore('2026-01-03', 7)).toBe('2025-12-27');
    expect(daysBefore('2026-01-03', -30)).toBe('2026-02-02');
  });
});

describe('pairsFor', () => {
  it('asks for direct, inverse and both EUR legs, and no cross when EUR is one side', () => {
    expect(pairsFor('USD', ['USD', 'JPY', 'EUR'])).toEqual([
      { base: 'JPY', quote: 'USD' },
      { base: 'USD', quote: 'JPY' },
      { base: 'EUR', quote: 'JPY' },
      { base: 'EUR', quote: 'USD' },
      { base: 'USD', quote: 'EUR' },
    ]);
  });
});

describe('pickDayRates: the nearest earlier rate within the window, never a later one', () => {
  const window = 7;

  it('uses the day itself, else the nearest earlier day, never a later one, and not past the window', () => {
    const rows = [
      row('JPY', 'USD', '2026-11-10', '0.0065'),
      row('JPY', 'USD', '2026-11-20', '0.0070'),
    ];
    const rates = pickDayRates('USD', ['JPY'], '2026-11-09', '2026-11-27', window, rows);
    // Before the first rate: none (the later one is never used).
    expect(at(rates, 'JPY', '2026-11-09')).toBeUndefined();
    // 0.0065 USD per yen = 0.65 cents per yen = 13/20.
    expect(fraction(at(rates, 'JPY', '2026-11-10'))).toBe('13/20');
    expect(fraction(at(rates, 'JPY', '2026-11-17'))).toBe('13/20');
    // Eight days after the rate: out of the window.
    expect(at(rates, 'JPY', '2026-11-18')).toBeUndefined();
    expect(at(rates, 'JPY', '2026-11-19')).toBeUndefined();
    expect(fraction(at(rates, 'JPY', '2026-11-20'))).toBe('7/10');
    expect(fraction(at(rates, 'JPY', '2026-11-27'))).toBe('7/10');
  });

  it('turns an inverse rate over, exactly', () => {
    const rows = [row('USD', 'KWD', '2026-11-02', '0.3077')];
    const rates = pickDayRates('USD', ['KWD'], '2026-11-02', '2026-11-02', window, rows);
    // 1 KWD = 1/0.3077 USD; per fils: 10000/3077 x 100 cents / 1000 fils = 1000/3077.
    expect(fraction(at(rates, 'KWD', '2026-11-02'))).toBe('1000/3077');
  });

  it('crosses through EUR on one day: (EUR->base) / (EUR->currency)', () => {
    const rows = [
      row('EUR', 'JPY', '2026-11-02', '157.12'),
      row('EUR', 'USD', '2026-11-02', '1.0823'),
      // A leg alone on a later day is no cross.
      row('EUR', 'JPY', '2026-11-03', '158'),
    ];
    const rates = pickDayRates('USD', ['JPY'], '2026-11-02', '2026-11-03', window, rows);
    // 1.0823 / 157.12 USD per yen, x 100 cents = 108230 / 157120 = 10823/15712.
    expect(fraction(at(rates, 'JPY', '2026-11-02'))).toBe('10823/15712');
    expect(fraction(at(rates, 'JPY', '2026-11-03'))).toBe('10823/15712');
  });

  it('prefers the direct route within the window to a nearer inverse or cross rate', () => {
    const rows = [
      row('JPY', 'USD', '2026-11-01', '0.0065'),
      row('USD', 'JPY', '2026-11-05', '100'),
    ];
    const rates = pickDayRates('USD', ['JPY'], '2026-11-05', '2026-11-09', window, rows);
    expect(fraction(at(rates, 'JPY', '2026-11-05'))).toBe('13/20');
    expect(fraction(at(rates, 'JPY', '2026-11-08'))).toBe('13/20');
    // The direct rate has left the window: the inverse one answers.
    expect(fraction(at(rates, 'JPY', '2026-11-09'))).toBe('1/1');
  });

  it('reads a rate from before the range when it is within the window of its first day', () => {
    const rows = [row('EUR', 'USD', '2026-10-30', '1.1')];
    const rates = pickDayRates('USD', ['EUR'], '2026-11-02', '2026-11-02', window, rows);
    expect(fraction(at(rates, 'EUR', '2026-11-02'))).toBe('11/10');
  });
});

describe('a day rate converts as convertMinorUnits does: half-even on the minor unit', () => {
  it('rounds ties to even across exponents 0, 2 and 3', () => {
    // USD -> JPY at 1: 1.50 is 2 yen, 2.50 is 2, 3.50 is 4, -2.50 is -2.
    const [usdJpy] = pickDayRates('JPY', ['USD'], '2026-11-02', '2026-11-02', 0, [
      row('USD', 'JPY', '2026-11-02', '1'),
    ]);
    if (!usdJpy) throw new Error('no rate');
    expect([150n, 250n, 350n, -250n].map((cents) => atDayRate(cents, usdJpy))).toEqual([
      2n,
      2n,
      4n,
      -2n,
    ]);
    // JPY -> KWD at 0.0020431: 1,000 yen is 2.0431 KWD, 2.043 recorded.
    const [jpyKwd] = pickDayRates('KWD', ['JPY'], '2026-11-02', '2026-11-02', 0, [
      row('JPY', 'KWD', '2026-11-02', '0.0020431'),
    ]);
    if (!jpyKwd) throw new Error('no rate');
    expect(atDayRate(1000n, jpyKwd)).toBe(2043n);
    // KWD -> USD at 0.005 per fils... 1 fils at 0.5 USD per KWD is 0.05 cents: ties at 10 fils.
    const [kwdUsd] = pickDayRates('USD', ['KWD'], '2026-11-02', '2026-11-02', 0, [
      row('KWD', 'USD', '2026-11-02', '0.5'),
    ]);
    if (!kwdUsd) throw new Error('no rate');
    expect([10n, 30n, 50n].map((fils) => atDayRate(fils, kwdUsd))).toEqual([0n, 2n, 2n]);
  });

  it('equals convertMinorUnits for random amounts, rates and exponent pairs', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const currencies = ['JPY', 'USD', 'KWD', 'EUR', 'CLF'];
    for (let i = 0; i < 500; i++) {
      const from = currencies[next() % currencies.length] ?? 'JPY';
      let to = currencies[next() % currencies.length] ?? 'USD';
      if (to === from) to = from === 'USD' ? 'JPY' : 'USD';
      const rate = `${next() % 2000}.${String(next() % 100_000).padStart(5, '0')}1`;
      const [day] = pickDayRates(to, [from], '2026-11-02', '2026-11-02', 0, [
        row(from, to, '2026-11-02', rate),
      ]);
      if (!day) throw new Error('no rate');
      const amount = BigInt(next()) * (next() % 2 === 0 ? 1n : -1n);
      const expected = convertMinorUnits(amount, from, to, decimalRate(rate));
      if (!expected.ok) continue;
      expect(atDayRate(amount, day), `${amount} ${from} at ${rate} ${to}`).toBe(expected.value);
    }
    expect(roundHalfEven(5n, 2n)).toBe(2n);
  });
});

describe('pickDayRates for chosen days', () => {
  it('answers each chosen day as the walk over every day does', () => {
    const rows = [
      row('JPY', 'USD', '2026-10-28', '0.0066'),
      row('EUR', 'JPY', '2026-11-02', '160'),
      row('EUR', 'USD', '2026-11-02', '1.08'),
      row('USD', 'JPY', '2026-11-12', '150'),
      row('JPY', 'USD', '2026-11-20', '0.0065'),
      row('EUR', 'JPY', '2026-11-26', '161'),
      row('EUR', 'USD', '2026-11-26', '1.07'),
    ];
    const every = pickDayRates('USD', ['JPY'], '2026-11-01', '2026-11-30', 7, rows);
    const chosen = ['2026-11-01', '2026-11-05', '2026-11-11', '2026-11-19', '2026-11-27'];
    const some = pickDayRates('USD', ['JPY'], '2026-11-01', '2026-11-30', 7, rows, chosen);
    expect(some).toEqual(every.filter((rate) => chosen.includes(rate.day)));
    expect(some.map((rate) => rate.day)).toEqual(chosen.filter((day) => at(every, 'JPY', day)));
  });

  it('answers two days eight thousand years apart without walking the days between', () => {
    const rows = [row('JPY', 'USD', '9999-12-29', '0.01'), row('JPY', 'USD', '1900-01-01', '0.5')];
    const rates = pickDayRates('USD', ['JPY'], '1900-01-02', '9999-12-30', 7, rows, [
      '1900-01-02',
      '9999-12-30',
    ]);
    expect(rates.map((rate) => [rate.day, fraction(rate)])).toEqual([
      ['1900-01-02', '50/1'],
      ['9999-12-30', '1/1'],
    ]);
  });
});
