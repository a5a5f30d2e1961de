import { useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, HandCoins, HelpCircle, TriangleAlert } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import type { BudgetCategory, BudgetMonth } from '../../../shared/schemas/budget.js';
import { Button } from '../../components/ui/button.js';
import { Money } from '../../components/ui/money.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { cn } from '../../lib/cn.js';
import { displayCurrency } from '../../lib/display-currency.js';
import type { DisplayCurrency } from '../../lib/format.js';
import { useLocaleStore } from '../../lib/locale.js';
import { useBudgetMonth, useBudgetSettings } from './api.js';
import { BudgetGrid, type CategoryAction } from './budget-grid.js';
import {
  CoverDialog,
  GoalDialog,
  HoldDialog,
  MoveMoneyDialog,
  RolloverDialog,
} from './budget-dialogs.js';
import { FillFromGoalsButton } from './fill-from-goals-button.js';
import { ExplainDialog } from './explain-dialog.js';
import { budgetPlaces } from './card-envelopes.js';
import { BudgetPeriodForm } from './budget-period-form.js';
import { CardEnvelopesSwitch } from './card-envelopes-switch.js';
import { HistoryCard } from './history-card.js';
import { canShiftMonth, monthLabel, periodDaysLabel, shiftMonth } from './month.js';

type OpenDialog =
  | { kind: CategoryAction; categoryId: string }
  | { kind: 'hold' }
  | { kind: 'explain-to-assign' }
  | null;

function MonthSwitcher(props: {
  month: string;
  thisMonth: string;
  monthName: string;
  /** The budget period's days when they are not the calendar month's. */
  periodDays: string | null;
  onMonthChange: (month: string) => void;
}) {
  const locale = useLocaleStore((state) => state.locale);
  const step = (delta: -1 | 1) => shiftMonth(props.month, delta);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Month">
      <Button
        variant="outline"
        size="icon"
        aria-label={`Previous month, ${monthLabel(step(-1), locale)}`}
        disabled={!canShiftMonth(props.month, -1)}
        onClick={() => props.onMonthChange(step(-1))}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden />
      </Button>
      <p className="min-w-36 text-center font-medium" aria-live="polite">
        {props.monthName}
        {props.periodDays !== null && (
          <span className="block text-xs font-normal text-muted-foreground">
            {props.periodDays}
          </span>
        )}
      </p>
      <Button
        variant="outline"
        size="icon"
        aria-label={`Next month, ${monthLabel(step(1), locale)}`}
        disabled={!canShiftMonth(props.month, 1)}
        onClick={() => props.onMonthChange(step(1))}
      >
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
      {props.month !== props.thisMonth && (
        <Button variant="ghost" size="sm" onClick={() => props.onMonthChange(props.thisMonth)}>
          This month
        </Button>
      )}
    </div>
  );
}

/**
 * To assign, in view at every width (sticky at the top while the grid scrolls under it), with
 * the way to hold part of it for next month and to explain it.
 */
function ToAssignBar(props: {
  budget: BudgetMonth;
  currency: DisplayCurrency;
  onHold: (opener: HTMLElement) => void;
  onExplain: (opener: HTMLElement) => void;
}) {
  const { budget, currency } = props;
  const negative = budget.toAssign < 0;
  const held = budget.toAssignParts.heldForNextMonth;
  return (
    <div
      role="region"
      aria-label="To assign"
      data-testid="to-assign"
      className="sticky top-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-border bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6"
    >
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="text-sm font-medium">To assign</span>
        <Money
          amount={budget.toAssign}
          currency={currency}
          className={cn('text-xl font-bold', negative && 'text-destructive')}
        />
        {negative && (
          <span className="flex items-center gap-1 text-xs font-medium text-destructive">
            <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
            More assigned than there is
          </span>
        )}
        {held !== 0 && (
          <span className="text-xs text-muted-foreground">
            <Money amount={Math.abs(held)} currency={currency} /> held for next month
          </span>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={(e) => props.onHold(e.currentTarget)}>
          <HandCoins className="h-4 w-4" aria-hidden />
          Hold for next month
        </Button>
        <FillFromGoalsButton month={budget.month} />
        <Button
          variant="ghost"
          size="sm"
          aria-label="Explain To assign"
          onClick={(e) => props.onExplain(e.currentTarget)}
        >
          <HelpCircle className="h-4 w-4" aria-hidden />
          Explain
        </Button>
      </div>
    </div>
  );
}

/** What the month's To assign owes to last month, said where the figure is. */
function MonthNotes({ budget, currency }: { budget: BudgetMonth; currency: DisplayCurrency }) {
  const overspending = budget.toAssignParts.overspendingFromLastMonth;
  if (overspending >= 0 && budget.notConverted === 0) return null;
  return (
    <div className="space-y-2">
      {overspending < 0 && (
        <p
          role="note"
          data-testid="overspending-from-last-month"
          className="flex items-start gap-2 rounded-lg border border-amber-600/60 bg-amber-500/10 p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            Last month&rsquo;s overspending of{' '}
            <Money amount={Math.abs(overspending)} currency={currency} /> was taken from this
            month&rsquo;s To assign.
          </span>
        </p>
      )}
      {budget.notConverted > 0 && (
        <p
          role="note"
          className="rounded-lg border border-amber-600/60 bg-amber-500/10 p-3 text-sm"
        >
          {budget.notConverted === 1
            ? '1 entry in another currency has no rate yet: it counts nowhere in the budget until it is converted. '
            : `${budget.notConverted} entries in another currency have no rate yet: they count nowhere in the budget until they are converted. `}
          <Link to="/rates" className="font-medium text-primary underline-offset-2 hover:underline">
            Add the missing rates
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * /budget: the envelope budget of one month (docs/client.md#the-budget-screen). The route hands
 * in the month (the URL's, else this month in the book's time zone), how to change it, and who
 * is signed in (the log says "You").
 */
export function BudgetPage(props: {
  month: string;
  thisMonth: string;
  onMonthChange: (month: string) => void;
  myEmail: string | undefined;
}) {
  const locale = useLocaleStore((state) => state.locale);
  const query = useBudgetMonth(props.month);
  const settings = useBudgetSettings();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const opener = useRef<HTMLElement | null>(null);
  const monthName = monthLabel(props.month, locale);
  const open = (next: NonNullable<OpenDialog>, from: HTMLElement | null) => {
    opener.current = from;
    setDialog(next);
  };
  const close = (isOpen: boolean) => !isOpen && setDialog(null);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 id="budget-heading" className="text-2xl font-bold">
          Budget
        </h1>
        <p className="text-sm text-muted-foreground">
          Give every unit of money a job: assign what came in to your spending categories.
        </p>
      </div>
      <MonthSwitcher
        month={props.month}
        thisMonth={props.thisMonth}
        monthName={monthName}
        periodDays={query.data ? periodDaysLabel(query.data.period, locale) : null}
        onMonthChange={props.onMonthChange}
      />
    </div>
  );

  if (query.isPending)
    return (
      <section aria-labelledby="budget-heading" className="space-y-4">
        {header}
        <PageSpinner label="Loading the budget" />
      </section>
    );
  if (query.isError)
    return (
      <section aria-labelledby="budget-heading" className="space-y-4">
        {header}
        <QueryError query={query} fallback="Could not load the budget" />
      </section>
    );

  const budget = query.data;
  const currency = displayCurrency(budget.currency);
  const shared = { budget, currency, monthName };
  // Looked up in the month as it is now, so a dialog shows the figures after each change.
  const category: BudgetCategory | undefined =
    dialog && 'categoryId' in dialog
      ? budgetPlaces(budget, currency).find((c) => c.categoryId === dialog.categoryId)
      : undefined;
  return (
    <section aria-labelledby="budget-heading" className="space-y-4">
      {header}
      <ToAssignBar
        budget={budget}
        currency={currency}
        onHold={(from) => open({ kind: 'hold' }, from)}
        onExplain={(from) => open({ kind: 'explain-to-assign' }, from)}
      />
      <MonthNotes budget={budget} currency={currency} />
      {budget.categories.length === 0 ? (
        <p className="rounded-xl border border-border p-5 text-sm">
          No spending categories yet.{' '}
          <Link
            to="/categories"
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            Add categories
          </Link>{' '}
          to budget your money.
        </p>
      ) : (
        <BudgetGrid
          budget={budget}
          monthName={monthName}
          currency={currency}
          onAction={(kind, c, from) => open({ kind, categoryId: c.categoryId }, from)}
        />
      )}
      <CardEnvelopesSwitch on={budget.cardEnvelopes} />
      {settings.data && (
        <BudgetPeriodForm
          // Saved elsewhere (another member, another tab): the form starts again from it.
          key={`${settings.data.periodStartDay}-${settings.data.periodWeekend}`}
          saved={settings.data}
        />
      )}
      <HistoryCard {...shared} myEmail={props.myEmail} />
      {category && dialog?.kind === 'move' && (
        <MoveMoneyDialog
          {...shared}
          open
          onOpenChange={close}
          returnFocusTo={opener}
          category={category}
        />
      )}
      {category && dialog?.kind === 'cover' && (
        <CoverDialog
          {...shared}
          open
          onOpenChange={close}
          returnFocusTo={opener}
          category={category}
        />
      )}
      {category && dialog?.kind === 'rollover' && (
        <RolloverDialog
          {...shared}
          open
          onOpenChange={close}
          returnFocusTo={opener}
          category={category}
        />
      )}
      {category && dialog?.kind === 'goal' && (
        <GoalDialog
          {...shared}
          open
          onOpenChange={close}
          returnFocusTo={opener}
          category={category}
        />
      )}
      {dialog?.kind === 'hold' && (
        <HoldDialog {...shared} open onOpenChange={close} returnFocusTo={opener} />
      )}
      {(dialog?.kind === 'explain' || dialog?.kind === 'explain-to-assign') && (
        <ExplainDialog
          {...shared}
          open
          onOpenChange={close}
          returnFocusTo={opener}
          categoryId={dialog.kind === 'explain' ? dialog.categoryId : undefined}
          myEmail={props.myEmail}
        />
      )}
    </section>
  );
}
