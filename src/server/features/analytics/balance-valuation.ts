import { roundHalfEven } from '../../../shared/exchange-rate.js';
import type { MissingRate } from '../../../shared/missing-rates.js';
import type { BalancePoint } from '../../../shared/schemas/analytics.js';
import type { Conversion } from './conversion-repository.js';
import type { DayRate } from './day-rates.js';
import { daysOf } from './day-rates.js';
import { mergeMissing, unitsIn } from './not-converted.js';

// The balance chart's total in the base currency (docs/analytics.md#balance-over-time): a
// balance is what an account holds on a day, so the day's total values each balance at that
// day's rate (the "valued on a day" way of net worth, docs/money.md#net-worth), rounded
// half-even per account. A balance of another currency without a rate that day is left out of
// that day's total and listed as not converted; a zero balance needs no rate.

export interface AccountBalances {
  currency: string;
  /** Minor units of `currency` at the end of each day of the period. */
  balances: bigint[];
}

/** The rate lookup of a conversion: `currency>day` to its fraction. */
export function rateIndex(rates: readonly DayRate[]): Map<string, DayRate> {
  return new Map(rates.map((rate) => [`${rate.currency}>${rate.day}`, rate]));
}

/** `minorUnits` of a currency at a day rate, in minor units of the base, rounded half-even. */
export function atDayRate(minorUnits: bigint, rate: DayRate): bigint {
  return roundHalfEven(minorUnits * rate.numerator, rate.denominator);
}

export function valueBalances(
  c: Conversion,
  from: string,
  to: string,
  accounts: readonly AccountBalances[],
): { days: BalancePoint[]; missingRates: MissingRate[] } {
  const rates = rateIndex(c.rates);
  const missing = new Map<string, { firstDay: string; lastDay: string; days: number }>();
  const days = daysOf(from, to).map((date, i): BalancePoint => {
    let total = 0n;
    const pending = new Map<string, bigint>();
    for (const account of accounts) {
      const balance = account.balances[i] ?? 0n;
      if (account.currency === c.base || balance === 0n) {
        if (account.currency === c.base) total += balance;
        continue;
      }
      const rate = rates.get(`${account.currency}>${date}`);
      if (rate) {
        total += atDayRate(balance, rate);
        continue;
      }
      pending.set(account.currency, (pending.get(account.currency) ?? 0n) + balance);
    }
    for (const currency of pending.keys()) {
      const span = missing.get(currency);
      if (span) {
        span.lastDay = date;
        span.days += 1;
      } else missing.set(currency, { firstDay: date, lastDay: date, days: 1 });
    }
    return {
      date,
      total: unitsIn(total, c.base),
      balances: accounts.map((account) => unitsIn(account.balances[i] ?? 0n, account.currency)),
      notConverted: [...pending.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([currency, amount]) => ({
          currency,
          amount: unitsIn(amount, currency),
          entries: accounts.filter(
            (account) => account.currency === currency && (account.balances[i] ?? 0n) !== 0n,
          ).length,
        })),
    };
  });
  return {
    days,
    missingRates: mergeMissing(
      c.base,
      [...missing.entries()].map(([currency, span]) => ({ currency, ...span })),
    ),
  };
}
