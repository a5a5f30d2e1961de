import type { ReactNode } from 'react';
import type { TransactionSummary } from '../../../shared/schemas/ledger-query.js';
import { Money } from '../../components/ui/money.js';

const entries = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;

/** One part of the line: never broken inside; the line breaks between parts. */
function Part({ first = false, children }: { first?: boolean; children: ReactNode }) {
  return (
    <>
      {!first && <span aria-hidden="true"> · </span>}
      <span className="whitespace-nowrap">{children}</span>
    </>
  );
}

/**
 * The line above the list: how many entries the whole view holds (every page, not the ones
 * loaded) and their money in, out and net, e.g. "128 entries · in $1,200.00 · out $845.20 ·
 * net $354.80" (docs/client.md#count-and-total-of-a-view). Each part stays whole and the line
 * breaks between them, so it fits 320 px. A status region: a screen reader hears the new
 * figures when the filters change, without being interrupted. Over the server's cap it says
 * "more than" and shows no total rather than a partial one; a total past what the server can
 * give to the cent is not shown either.
 */
export function ViewSummary({ summary }: { summary: TransactionSummary | undefined }) {
  return (
    <p role="status" data-testid="view-summary" className="min-h-5 text-sm text-muted-foreground">
      {summary &&
        (summary.complete &&
        summary.moneyIn !== null &&
        summary.moneyOut !== null &&
        summary.net !== null ? (
          <>
            <Part first>{entries(summary.count)}</Part>
            <Part>
              in <Money amount={summary.moneyIn} />
            </Part>
            <Part>
              out <Money amount={summary.moneyOut} />
            </Part>
            <Part>
              net <Money amount={summary.net} className="font-medium text-foreground" />
            </Part>
          </>
        ) : summary.complete ? (
          <>
            <Part first>{entries(summary.count)}</Part>
            <span aria-hidden="true"> · </span>their total is too large to show exactly; narrow the
            filters
          </>
        ) : (
          <>
            <Part first>More than {entries(summary.count)}</Part>
            <span aria-hidden="true"> · </span>narrow the filters to see their total
          </>
        ))}
    </p>
  );
}
