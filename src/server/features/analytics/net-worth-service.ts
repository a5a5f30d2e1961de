import type { Db } from '../../db/connect.js';
import {
  foundRateFraction,
  foundRateText,
  nearestEarlierRate,
  type FoundRate,
} from '../rates/index.js';
import { convertMinorUnits } from '../../../shared/exchange-rate.js';
import type { NetWorth, NotConverted } from '../../../shared/schemas/analytics.js';
import { AppError } from '../../lib/app-error.js';
import { bookCurrencies, foreignEntryDays, type Conversion } from './conversion-repository.js';
import { CONVERSION_WINDOW_DAYS, dayRatesOver } from './day-rates.js';
import { mergeMissing, unitsIn } from './not-converted.js';
import { bookToday, foreignDaySpan, netWorthRows } from './net-worth-repository.js';
import { allRecorded } from './conversion-record-repository.js';
import type { RecordLater } from './background-recorder.js';
import { readSnapshot } from '../../db/read-snapshot.js';

// Net worth valued two ways (docs/analytics.md#net-worth, decision 033):
// - at each entry's day: every entry of the live accounts up to valuedOn converted at its own
//   day's rate and rounded, then summed: what the money was worth in the base currency when it
//   moved;
// - on the valued day: each live account's balance at the end of valuedOn converted at that
//   day's rate (nearest earlier within the window), rounded per account.
// The difference, over the accounts converted both ways, is the exchange gain or loss.

const byCode = (a: NotConverted, b: NotConverted) =>
  a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

function addTo(
  map: Map<string, { amount: bigint; entries: number }>,
  currency: string,
  amount: bigint,
  entries: number,
) {
  const sum = map.get(currency) ?? { amount: 0n, entries: 0 };
  sum.amount += amount;
  sum.entries += entries;
  map.set(currency, sum);
}

function listOf(map: Map<string, { amount: bigint; entries: number }>): NotConverted[] {
  return [...map.entries()]
    .map(([currency, sum]) => ({
      currency,
      amount: unitsIn(sum.amount, currency),
      entries: sum.entries,
    }))
    .sort(byCode);
}

export async function getNetWorth(
  db: Db,
  bookId: string,
  now: Date,
  valuedOnAsked: string | undefined,
  recordLater: RecordLater,
): Promise<NetWorth> {
  const valuedOn = valuedOnAsked ?? (await bookToday(db, bookId, now));
  const { base, others } = await bookCurrencies(db, bookId);
  // How it converts and the sums, in one snapshot (as a chart: analytics-service.ts).
  const { rows, recorded } = await readSnapshot(db, async (trx) => {
    let c: Conversion = { base, active: false, recorded: false, rates: [], missing: [] };
    if (others.length > 0) {
      if (await allRecorded(trx, bookId, undefined, valuedOn, CONVERSION_WINDOW_DAYS)) {
        c = { base, active: true, recorded: true, rates: [], missing: [] };
      } else {
        const span = await foreignDaySpan(trx, bookId, base, valuedOn);
        const rates =
          span === null
            ? []
            : await dayRatesOver(trx, bookId, base, others, span, () =>
                foreignEntryDays(trx, bookId, base, undefined, valuedOn),
              );
        // Net worth finds its entries without a rate in its one scan (pendingCurrency): a list
        // of the days without one would grow with valuedOn, which any request may set years ahead.
        c = { base, active: true, recorded: false, rates, missing: [] };
      }
    }
    return { rows: await netWorthRows(trx, bookId, valuedOn, c), recorded: c.recorded };
  });
  if (others.length > 0 && !recorded) recordLater(bookId);

  // The rate of valuedOn of each currency the live accounts are in.
  const found = new Map<string, FoundRate | null>();
  for (const currency of new Set(rows.map((row) => row.currency))) {
    if (currency === base) continue;
    found.set(
      currency,
      await nearestEarlierRate(db, bookId, currency, base, valuedOn, CONVERSION_WINDOW_DAYS),
    );
  }

  let atEntryDays = 0n;
  let onValuedDay = 0n;
  let gain = 0n;
  const pendingAtEntry = new Map<string, { amount: bigint; entries: number }>();
  const pendingOnDay = new Map<string, { amount: bigint; entries: number }>();
  const spans: { currency: string; firstDay: string; lastDay: string; days: number }[] = [];
  const accounts = rows.map((row) => {
    const balance = BigInt(row.balance);
    let entryFigure: bigint | null = balance;
    let dayFigure: bigint | null = balance;
    if (row.currency !== base) {
      const pending = row.pending_amount === null ? 0n : BigInt(row.pending_amount);
      entryFigure = row.converted === null ? 0n : BigInt(row.converted);
      if (row.pending_entries > 0) {
        addTo(pendingAtEntry, row.currency, pending, row.pending_entries);
        if (row.first_day && row.last_day)
          spans.push({
            currency: row.currency,
            firstDay: row.first_day,
            lastDay: row.last_day,
            days: row.pending_days,
          });
      }
      atEntryDays += entryFigure;
      if (row.pending_entries > 0) entryFigure = null;
      const rate = found.get(row.currency) ?? null;
      if (rate === null) {
        dayFigure = null;
        if (balance !== 0n) {
          addTo(pendingOnDay, row.currency, balance, 1);
          spans.push({ currency: row.currency, firstDay: valuedOn, lastDay: valuedOn, days: 1 });
        } else dayFigure = 0n;
      } else {
        const value = convertMinorUnits(balance, row.currency, base, foundRateFraction(rate));
        if (!value.ok) throw new AppError('UNPROCESSABLE', value.reason);
        dayFigure = value.value;
      }
      if (dayFigure !== null) onValuedDay += dayFigure;
    } else {
      atEntryDays += balance;
      onValuedDay += balance;
    }
    const accountGain = entryFigure === null || dayFigure === null ? null : dayFigure - entryFigure;
    if (accountGain !== null) gain += accountGain;
    return {
      id: row.id,
      title: row.title,
      currency: row.currency,
      balance: unitsIn(balance, row.currency),
      atEntryDays: entryFigure === null ? null : unitsIn(entryFigure, base),
      onValuedDay: dayFigure === null ? null : unitsIn(dayFigure, base),
      exchangeGainOrLoss: accountGain === null ? null : unitsIn(accountGain, base),
    };
  });

  const rates: NetWorth['rates'] = [];
  for (const [currency, rate] of found) {
    if (rate === null) continue;
    rates.push({
      currency,
      day: rate.day,
      rate: foundRateText(rate),
      route: rate.route,
      source: rate.source,
    });
  }

  return {
    currency: base,
    valuedOn,
    atEntryDays: unitsIn(atEntryDays, base),
    onValuedDay: unitsIn(onValuedDay, base),
    exchangeGainOrLoss: unitsIn(gain, base),
    accounts,
    rates: rates.sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    notConvertedAtEntryDays: listOf(pendingAtEntry),
    notConvertedOnValuedDay: listOf(pendingOnDay),
    missingRates: mergeMissing(base, spans),
  };
}
