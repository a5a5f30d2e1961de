import { cn } from '../../lib/cn.js';
import { formatMoney, USD, type FigureCurrency } from '../../lib/format.js';
import { useLocaleStore } from '../../lib/locale.js';

/**
 * A money figure, always on one line: it never wraps inside the number, at any width. The box
 * around it makes room: text beside it wraps or truncates, and figures that can be very long on
 * a narrow card shrink with their `@container` (`cqi` units) rather than break
 * (docs/client.md#money-figures). `data-money` is what the browser journeys measure. Written in
 * the person's locale, and written again when it changes (docs/money.md#display).
 */
export function Money({
  amount,
  text,
  currency = USD,
  className,
}: {
  amount: number;
  /** The amount's currency: its code as the API answered it ('EUR'); USD when not given. */
  currency?: FigureCurrency;
  /** Preformatted text (e.g. a signed "+$10.00"); defaults to formatMoney(amount). */
  text?: string;
  className?: string;
}) {
  const locale = useLocaleStore((state) => state.locale);
  return (
    <span data-money className={cn('tabular-nums whitespace-nowrap', className)}>
      {text ?? formatMoney(amount, currency, locale)}
    </span>
  );
}
