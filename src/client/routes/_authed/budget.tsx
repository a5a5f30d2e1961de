import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { useSignedInUser } from '../../features/auth/api.js';
import { prefetchBudgetMonth } from '../../features/budget/api.js';
import { BudgetPage } from '../../features/budget/budget-page.js';
import { monthOfDay, parseBudgetSearch } from '../../features/budget/month.js';
import { deviceTimeZone, useBook, useToday } from '../../lib/book.js';
import { calendarDateIn } from '../../../shared/dates.js';

/**
 * /budget composes the budget with who is signed in (its log says "You"). The month is the
 * URL's (?month=YYYY-MM), else this month in the book's time zone: until the book is known the
 * screen waits, so it never shows the device's month and then another.
 */
function BudgetRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const book = useBook();
  const thisMonth = monthOfDay(useToday());
  const me = useSignedInUser();
  if (!search.month && book.isPending) return <PageSpinner label="Loading the budget" />;
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
  // once the book's time zone is known (in the cache after the first screen).
  loader: ({ context, deps }) => {
    if (deps.month) return prefetchBudgetMonth(context.trpc, deps.month);
    const book = context.trpc.book.get.getData({});
    if (book)
      prefetchBudgetMonth(
        context.trpc,
        monthOfDay(calendarDateIn(book.data.timeZone ?? deviceTimeZone(), new Date())),
      );
  },
  component: BudgetRoute,
});
