/**
 * The analytics page's period: a preset or a custom range, kept in the URL
 * (?period=...&from=...&to=...&accountId=...). Dates are calendar dates ('YYYY-MM-DD') of the
 * person's own calendar; both ends are included.
 */
export const PERIOD_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-3-months', label: 'Last 3 months' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'ytd', label: 'Year to date' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

export interface AnalyticsSearch {
  period?: PeriodPreset;
  from?: string;
  to?: string;
  accountId?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isPreset = (value: unknown): value is PeriodPreset =>
  PERIOD_PRESETS.some((preset) => preset.value === value);

/** The URL's search params as the page reads them; anything malformed is left out. */
export function parseAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  const text = (key: string) => (typeof search[key] === 'string' ? search[key] : undefined);
  const from = text('from');
  const to = text('to');
  const accountId = text('accountId');
  return {
    ...(isPreset(search.period) && { period: search.period }),
    ...(from && DATE.test(from) && { from }),
    ...(to && DATE.test(to) && { to }),
    ...(accountId && /^[0-9a-f-]{36}$/i.test(accountId) && { accountId }),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as 'YYYY-MM-DD'. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const day = (year: number, monthIndex: number, date: number) =>
  isoDay(new Date(year, monthIndex, date));

/** The from/to of a preset on the day `today` (the person's local date). */
export function presetRange(preset: PeriodPreset, today: Date): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (preset) {
    case 'last-month':
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case 'last-3-months':
      return { from: day(y, m - 2, 1), to: isoDay(today) };
    case 'last-12-months':
      return { from: day(y, m - 11, 1), to: isoDay(today) };
    case 'ytd':
      return { from: day(y, 0, 1), to: isoDay(today) };
    case 'this-month':
    case 'custom':
      return { from: day(y, m, 1), to: day(y, m + 1, 0) };
  }
}

/** The period the page shows: a custom range when both ends are valid, else the preset's. */
export function resolvePeriod(
  search: AnalyticsSearch,
  today: Date,
): { preset: PeriodPreset; from: string; to: string } {
  if (search.period === 'custom' && search.from && search.to && search.from <= search.to) {
    return { preset: 'custom', from: search.from, to: search.to };
  }
  const preset = search.period && search.period !== 'custom' ? search.period : 'this-month';
  return { preset, ...presetRange(preset, today) };
}

/** Where a category of the chart leads: the Transactions page filtered to it and the period. */
export function transactionsHref(
  categoryId: string | null,
  period: { from: string; to: string },
  accountId?: string,
): string {
  // The Transactions page's own URL names (features/transactions/transaction-search.ts).
  const params = new URLSearchParams({
    category: categoryId ?? 'none',
    from: period.from,
    to: period.to,
    ...(accountId && { account: accountId }),
  });
  return `/transactions?${params.toString()}`;
}

/**
 * The budget months a period touches ('YYYY-MM'), at most `max` of them: a longer period keeps
 * its last `max` months, and says so (`clipped`).
 */
export function periodMonths(
  period: { from: string; to: string },
  max: number,
): { from: string; to: string; clipped: boolean } {
  const to = period.to.slice(0, 7);
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  const earliest = index(to) - max + 1;
  if (index(period.from.slice(0, 7)) >= earliest) {
    return { from: period.from.slice(0, 7), to, clipped: false };
  }
  const year = Math.floor(earliest / 12);
  const month = (earliest % 12) + 1;
  return {
    from: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
    to,
    clipped: true,
  };
}
