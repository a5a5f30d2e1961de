const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50": balances, with two decimals (docs/product.md#formats). */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${money.format(Math.abs(amount))}`;
}

/** Expenses show as negative dollar figures: "-$12.00". */
export function formatExpense(amount: number): string {
  return formatMoney(-Math.abs(amount));
}

// The browser's own Intl does this; a date library would add about 6 KB gzip to every screen.
const dateParts = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** "05 Mar, 2026" (dd MMM, yyyy), in local time. */
export function formatDate(iso: string | Date): string {
  const parts = dateParts.formatToParts(typeof iso === 'string' ? new Date(iso) : iso);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/**
 * A calendar date 'YYYY-MM-DD' (an entry's occurredOn) as "31 Mar, 2025". Read as that day
 * itself, never as an instant: new Date('2025-03-31') is midnight UTC, the day before in America.
 */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return formatDate(new Date(year, month - 1, day));
}

/** Today's calendar date where the person is, 'YYYY-MM-DD' (the default of a new entry). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
