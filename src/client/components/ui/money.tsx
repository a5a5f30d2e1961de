import { cn } from '../../lib/cn.js';
import { formatMoney } from '../../lib/format.js';

/**
 * A money figure, always on one line: it never wraps inside the number, at any width. The box
 * around it makes room: text beside it wraps or truncates, and figures that can be very long on
 * a narrow card shrink with their `@container` (`cqi` units) rather than break
 * (docs/client.md#money-figures). `data-money` is what the browser journeys measure.
 */
export function Money({
  amount,
  text,
  className,
}: {
  amount: number;
  /** Preformatted text (e.g. a signed "+$10.00"); defaults to formatMoney(amount). */
  text?: string;
  className?: string;
}) {
  return (
    <span data-money className={cn('tabular-nums whitespace-nowrap', className)}>
      {text ?? formatMoney(amount)}
    </span>
  );
}
