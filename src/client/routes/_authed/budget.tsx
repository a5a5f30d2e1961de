import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { useSignedInUser } from '../../features/auth/api.js';
import {
  prefetchBudgetMonth,
  prefetchBudgetSettings,
  useBudgetSettings,
} from '../../features/budget/api.js';
import { BudgetPage } from '../../features/budget/budget-page.js';
import { parseBudgetSearch } from '../../features/budget/month.js';
import { deviceTimeZone, useBook, useToday } from '../../lib/book.js';
import { calendarDateIn } from '../../../shared/dates.js';
import { CALENDAR_MONTHS, periodOf, periodRuleOf } from '../../../shared/budget-periods.js';

/**
 * /budget composes the budget with who is signed in (its log says "You"). The month is the
 * URL's (?month=YYYY-MM), else the budget period today falls in, in the book's time zone (the
 * book's budget months may start on a pay day: docs/budgets.md#budget-periods): until the book
 * and its budget settings are known the screen waits, so it never shows one month and then
 * another.
 */
function BudgetRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const book = useBook();
  const settings = useBudgetSettings();
  const thisMonth = periodOf(
    useToday(),
    settings.data ? periodRuleOf(settings.data) : CALENDAR_MONTHS,
  );
  const me = useSignedInUser();
  if (!search.month && (book.isPending || settings.isPending)) {
    return <PageSpinner label="Loading the budget" />;
  }
  return (
    <BudgetPage
      month={search.month ?? thisMonth}
      thisMonth={thisMonth}
      onMonthChange={(month) => void navigate({ search: month === thisMonth ? {} : { month } })}
      myEmail={me.data?.email}
    />
  );
}

export const Route = createFileRoute('/_authed/budget')({
  staticData: { title: 'Budget', breadcrumb: 'Budget' },
  validateSearch: parseBudgetSearch,
  loaderDeps: ({ search }) => search,
  // The month's figures are asked for when the route matches: the URL's month, or this month
  // once the book's time zone and budget months are known (in the cache after the first screen).
  loader: ({ context, deps }) => {
    prefetchBudgetSettings(context.trpc);
    if (deps.month) return prefetchBudgetMonth(context.trpc, deps.month);
    const book = context.trpc.book.get.getData({});
    const settings = context.trpc.budget.settings.getData({});
    if (book && settings)
      prefetchBudgetMonth(
        context.trpc,
        periodOf(
          calendarDateIn(book.data.timeZone ?? deviceTimeZone(), new Date()),
          periodRuleOf(settings.data),
        ),
      );
  },
  component: BudgetRoute,
});
