import type { RefObject } from 'react';
import type { BudgetMonth } from '../../../shared/schemas/budget.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Money } from '../../components/ui/money.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { formatCalendarDate, type DisplayCurrency } from '../../lib/format.js';
import { useLocaleStore } from '../../lib/locale.js';
import { ActionRow } from './action-row.js';
import { budgetPlaces } from './card-envelopes.js';
import { useBudgetExplanation } from './budget-mutations.js';
import { rolloverShort } from './budget-words.js';
import { monthLabel } from './month.js';
import { useUndo } from './use-undo.js';

const SECTION = 'mt-4 border-t border-border pt-3';
const HEADING = 'text-sm font-semibold';

/**
 * "Explain this number": how a category's Available, or To assign (no `categoryId`), came to
 * be: what was carried in (last month's figure and the rule), the parts of this month, the log
 * rows that count here with Undo, and the entries (the first ones, "and N more").
 */
export function ExplainDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  budget: BudgetMonth;
  categoryId: string | undefined;
  currency: DisplayCurrency;
  monthName: string;
  myEmail: string | undefined;
}) {
  const { budget, categoryId, currency } = props;
  const locale = useLocaleStore((state) => state.locale);
  const explanation = useBudgetExplanation(budget.month, categoryId, props.open);
  const { undo, pending } = useUndo();
  const names = new Map(budgetPlaces(budget, currency).map((c) => [c.categoryId, c.name]));
  const name = categoryId === undefined ? 'To assign' : (names.get(categoryId) ?? 'This category');
  const what = categoryId === undefined ? 'To assign' : `Available in ${name}`;
  const data = explanation.data;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title={`Explain: ${what}`}
      description={`How this figure of ${props.monthName} came to be.`}
    >
      {explanation.isPending ? (
        <PageSpinner label="Loading the explanation" />
      ) : explanation.isError ? (
        <QueryError query={explanation} fallback="Could not load the explanation" />
      ) : data ? (
        <div className="text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-base font-semibold">
            <span>{what}</span>
            <Money amount={data.available} currency={currency} />
          </p>
          <section className={SECTION} aria-labelledby="explain-carried">
            <h3 id="explain-carried" className={HEADING}>
              Carried in
            </h3>
            {data.carriedIn.fromMonth === null ? (
              <p>Nothing was carried in: this is the first month of the budget.</p>
            ) : (
              <>
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span>From {monthLabel(data.carriedIn.fromMonth, locale)}</span>
                  <Money amount={data.carriedIn.amount} currency={currency} />
                </p>
                {data.carriedIn.lastMonthAvailable !== null && (
                  <p className="text-muted-foreground">
                    {monthLabel(data.carriedIn.fromMonth, locale)} ended with{' '}
                    <Money amount={data.carriedIn.lastMonthAvailable} currency={currency} />
                    {data.carriedIn.rule &&
                      `; its rule ${rolloverShort(data.carriedIn.rule, null)}`}
                    .
                  </p>
                )}
              </>
            )}
          </section>
          <section className={SECTION} aria-labelledby="explain-parts">
            <h3 id="explain-parts" className={HEADING}>
              This month
            </h3>
            {data.parts.length === 0 ? (
              <p>Nothing else this month.</p>
            ) : (
              <dl>
                {data.parts.map((part) => (
                  <div
                    key={part.label}
                    className="flex flex-wrap items-baseline justify-between gap-2 py-0.5"
                  >
                    <dt className="min-w-0">{part.label}</dt>
                    <dd>
                      <Money amount={part.amount} currency={currency} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
          <section className={SECTION} aria-labelledby="explain-actions">
            <h3 id="explain-actions" className={HEADING}>
              Changes this month
            </h3>
            {data.actions.length === 0 ? (
              <p>No budget changes this month.</p>
            ) : (
              <ul className="divide-y divide-border">
                {data.actions.map((action) => (
                  <ActionRow
                    key={action.id}
                    action={action}
                    names={names}
                    currency={currency}
                    myEmail={props.myEmail}
                    onUndo={undo}
                    undoing={pending}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className={SECTION} aria-labelledby="explain-entries">
            <h3 id="explain-entries" className={HEADING}>
              Entries
            </h3>
            {data.entries.count === 0 ? (
              <p>No entries this month.</p>
            ) : (
              <>
                <ul className="divide-y divide-border">
                  {data.entries.shown.map((entry) => (
                    <li
                      key={entry.id}
                      className="flex flex-wrap items-baseline justify-between gap-2 py-1.5"
                    >
                      <span className="min-w-0 flex-1 basis-40 break-words">
                        <span className="text-muted-foreground">
                          {formatCalendarDate(entry.occurredOn)}
                        </span>{' '}
                        {entry.description || entry.payee || 'No description'}
                        {entry.split && ' (part of a split)'}
                      </span>
                      <Money amount={entry.amount} currency={currency} />
                    </li>
                  ))}
                </ul>
                {data.entries.count > data.entries.shown.length && (
                  <p className="mt-1 text-muted-foreground">
                    and {data.entries.count - data.entries.shown.length} more
                  </p>
                )}
                <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2 font-medium">
                  <span>
                    {data.entries.count} {data.entries.count === 1 ? 'entry' : 'entries'} in all
                  </span>
                  <Money amount={data.entries.total} currency={currency} />
                </p>
              </>
            )}
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}
