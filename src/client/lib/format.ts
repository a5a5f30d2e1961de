const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50": balances, with two decimals (spec section 9). */
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
