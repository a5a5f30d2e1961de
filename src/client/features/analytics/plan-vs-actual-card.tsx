import { Link } from '@tanstack/react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Money } from '../../components/ui/money.js';
import { CELL, Table, type TableColumn } from '../../components/ui/table.js';
import { formatMoney } from '../../lib/format.js';
import { BUDGET_PLAN_MAX_MONTHS } from '../../../shared/limits.js';
import { useBudgetPlan } from './api.js';
import {
  AXIS_TICK,
  ChartCard,
  GRID_STROKE,
  TOOLTIP_STYLE,
  monthLabel,
  moneyAxis,
} from './chart-card.js';
import { figureCurrency } from './figure-currency.js';
import { periodMonths } from './period.js';

const COLUMNS: TableColumn[] = [
  { label: 'Category' },
  { label: 'Budgeted', align: 'right' },
  { label: 'Spent', align: 'right' },
  { label: 'Difference', align: 'right' },
];

/** Sky and rose at shades that keep 3:1 against both the light and the dark card. */
const BUDGETED = '#0284c7';
const SPENT = '#e11d48';

/**
 * The budget's plan against what happened, for the months of the page's period: budgeted and
 * spent per month as bars, and per category over the whole period as a table with the
 * difference. The budget counts every on-budget account, whatever account the page filters to.
 */
export function PlanVsActualCard(props: {
  period: { from: string; to: string };
  accountFiltered: boolean;
}) {
  const months = periodMonths(props.period, BUDGET_PLAN_MAX_MONTHS);
  const query = useBudgetPlan(months);
  const data = query.data;
  const currency = figureCurrency(data?.currency);
  // Categories with nothing budgeted or spent in these months are left out of the table.
  const rows =
    data?.categories.filter((c) => c.months.some((m) => m.budgeted !== 0 || m.spent !== 0)) ?? [];
  const empty = rows.length === 0;
  return (
    <ChartCard
      title="Plan vs actual"
      description="What the budget assigned to each category against what was spent, month by month."
      query={query}
      empty={empty}
      emptyText="Nothing budgeted or spent in these months. Assign money to categories on the Budget page."
      className="lg:col-span-2"
    >
      {() =>
        data && (
          <>
            {(months.clipped || props.accountFiltered || data.notConverted > 0) && (
              <ul className="space-y-1 text-sm text-muted-foreground">
                {months.clipped && (
                  <li>
                    The last {BUDGET_PLAN_MAX_MONTHS} months of the period are shown, from{' '}
                    {monthLabel(months.from)}.
                  </li>
                )}
                {props.accountFiltered && (
                  <li>The budget counts every on-budget account, not only the one chosen above.</li>
                )}
                {data.notConverted > 0 && (
                  <li>
                    {data.notConverted === 1
                      ? '1 entry in another currency has no rate yet and counts nowhere.'
                      : `${data.notConverted} entries in another currency have no rate yet and count nowhere.`}
                  </li>
                )}
              </ul>
            )}
            <p className="text-sm">
              Budgeted <Money amount={data.totals.budgeted} currency={currency} />, spent{' '}
              <Money amount={data.totals.spent} currency={currency} />, difference{' '}
              <Money amount={data.totals.difference} currency={currency} />.{' '}
              <Link to="/budget" className="underline underline-offset-2">
                Open the budget
              </Link>
            </p>
            <div className="h-64" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  accessibilityLayer={false}
                  data={data.totals.months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
                >
                  <CartesianGrid stroke={GRID_STROKE} vertical={false} />
                  <XAxis dataKey="label" tick={AXIS_TICK} stroke={GRID_STROKE} />
                  <YAxis {...moneyAxis(currency.code)} />
                  <Tooltip
                    contentStyle={TOOLTIP_STYLE}
                    formatter={(v) => formatMoney(Number(v), currency)}
                  />
                  <Legend />
                  <Bar
                    dataKey="budgeted"
                    name="Budgeted"
                    fill={BUDGETED}
                    isAnimationActive={false}
                  />
                  <Bar dataKey="spent" name="Spent" fill={SPENT} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <Table caption="Budgeted and spent per category in these months" columns={COLUMNS}>
              {rows.map((c) => (
                <tr key={c.categoryId} className="tabular-nums">
                  <th scope="row" className={`${CELL} font-normal`}>
                    {c.name}
                    <span className="block text-xs text-muted-foreground">{c.groupName}</span>
                  </th>
                  <td className={`${CELL} text-right`}>
                    <Money amount={c.budgeted} currency={currency} />
                  </td>
                  <td className={`${CELL} text-right`}>
                    <Money amount={c.spent} currency={currency} />
                  </td>
                  <td className={`${CELL} text-right`}>
                    <Money amount={c.difference} currency={currency} />
                  </td>
                </tr>
              ))}
            </Table>
          </>
        )
      }
    </ChartCard>
  );
}
