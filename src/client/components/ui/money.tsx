import { Fragment } from 'react';
import { cn } from '../../lib/cn.js';
import { formatMoney } from '../../lib/format.js';

/**
 * A money figure that fits its box at any width: it may break after a thousands separator
 * ("$999,999,<wbr>999.99"), and anywhere as a last resort, rather than run past the edge. The
 * text itself stays whole, so screen readers and copy-paste get the full value. Callers that
 * want it to shrink first put it in an `@container` and size it with `cqi` units.
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
  const parts = (text ?? formatMoney(amount)).split(',');
  return (
    <span data-money className={cn('tabular-nums [overflow-wrap:anywhere]', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              ,<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
