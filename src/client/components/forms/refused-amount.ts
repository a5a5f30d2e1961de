import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorCodeOf } from '../../lib/api-error.js';
import { formatMoney, USD, type FigureCurrency } from '../../lib/format.js';
import { showFailure } from '../../lib/screen-toast.js';

/**
 * Tells a failure of a form that spends from an account: the toast as always ("Insufficient
 * funds", the spec's words) and, when that was the reason, the same at the amount field with how
 * much the account has to spend (`available`: balance plus credit limit; docs/client.md#money-figures).
 */
export function showSpendingFailure<Values extends FieldValues>(
  error: unknown,
  spend: {
    form: Pick<UseFormReturn<Values>, 'setError'>;
    field: Path<Values>;
    failure: string;
    available: number | undefined;
    /** The account's currency, that `available` is in. */
    currency?: FigureCurrency;
  },
): void {
  if (errorCodeOf(error) === 'INSUFFICIENT_FUNDS' && spend.available !== undefined) {
    spend.form.setError(spend.field, {
      message: `Insufficient funds: ${formatMoney(spend.available, spend.currency ?? USD)} available`,
    });
  }
  showFailure(error, spend.failure);
}
