import { format } from 'date-fns';

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

/** "05 Mar, 2026" (dd MMM, yyyy). */
export function formatDate(iso: string | Date): string {
  return format(typeof iso === 'string' ? new Date(iso) : iso, 'dd MMM, yyyy');
}
