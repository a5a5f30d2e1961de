import { Link } from '@tanstack/react-router';
import { Card, CardTitle } from '../../components/ui/card.js';
import { Money } from '../../components/ui/money.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { formatMoney, USD, type DisplayCurrency } from '../../lib/format.js';
import type { DashboardFigures } from '../../../shared/schemas/analytics.js';
import { useDashboardFigures } from './api.js';
import { figureCurrency } from './figure-currency.js';
import { NotConvertedSlot } from './not-converted-slot.js';

const TOP = 6;

/** "12% more than last month", or the same in words when last month had nothing. */
export function comparisonText(
  figures: Pick<DashboardFigures, 'thisMonth' | 'lastMonth'>,
  currency: DisplayCurrency = USD,
): string {
  const now = figures.thisMonth.spending;
  const before = figures.lastMonth.spending;
  if (before === 0)
    return now === 0 ? 'Nothing spent last month either.' : 'Nothing spent last month.';
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return `About the same as last month (${formatMoney(before, currency)}).`;
  return `${Math.abs(change)}% ${change > 0 ? 'more' : 'less'} than last month (${formatMoney(before, currency)}).`;
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const top = figures.categories.slice(0, TOP);
  const largest = top[0]?.amount ?? 0;
  const currency = figureCurrency(figures.currency);
  return (
    <>
      <div className="space-y-2">
        <p className="text-3xl font-bold">
          <Money amount={figures.thisMonth.spending} currency={currency} />
        </p>
        <p className="text-sm text-muted-foreground">{comparisonText(figures, currency)}</p>
        <NotConvertedSlot notConverted={figures.notConverted} missingRates={figures.missingRates} />
      </div>
      {top.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No spending this month yet. Expenses you record will show here by category.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Spending by category this month">
          {top.map((row) => (
            <li key={row.categoryId ?? 'none'} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="[overflow-wrap:anywhere]">{row.name}</span>
                <Money amount={row.amount} currency={currency} className="font-medium" />
              </div>
              <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden>
                <div
                  className="h-2 rounded-full"
                  style={{
                    width: `${largest > 0 ? Math.max(2, (row.amount / largest) * 100) : 0}%`,
                    backgroundColor: row.color,
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The dashboard's real figures: this month's spending against last month's, by category. */
export function MonthSpendingCard() {
  const figures = useDashboardFigures();
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <CardTitle>Spending this month</CardTitle>
        <p className="text-sm text-muted-foreground">
          Expenses and withdrawals, transfers left out.
        </p>
      </div>
      {figures.isPending ? (
        <PageSpinner label="Loading this month's spending" />
      ) : figures.isError ? (
        <QueryError query={figures} fallback="Could not load this month's spending." />
      ) : (
        <Figures figures={figures.data} />
      )}
      <Link
        to="/analytics"
        className="mt-auto text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        See all analytics
      </Link>
    </Card>
  );
}
