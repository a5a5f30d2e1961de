import { CELL, Table, type TableColumn } from '../../components/ui/table.js';
import { Money } from '../../components/ui/money.js';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../lib/format.js';
import { useIncomeVsSpending } from './api.js';
import {
  AXIS_TICK,
  ChartCard,
  GRID_STROKE,
  TOOLTIP_STYLE,
  monthLabel,
  moneyAxis,
} from './chart-card.js';
import { figureCurrency } from './figure-currency.js';

/** The table beside the chart: it scrolls sideways inside its frame on a phone (Table). */
const MONTH_COLUMNS: TableColumn[] = [
  { label: 'Month' },
  { label: 'Income', align: 'right' },
  { label: 'Spending', align: 'right' },
  { label: 'Net', align: 'right' },
];

/** Emerald and rose at shades that keep 3:1 against both the light and the dark card. */
const INCOME = '#059669';
const SPENDING = '#e11d48';

/** The last 12 months: income and spending bars, the net as a line, the average month. */
export function IncomeVsSpendingCard({ accountId }: { accountId?: string }) {
  const query = useIncomeVsSpending(accountId);
  const data = query.data;
  const empty = !data || data.months.every((m) => m.income === 0 && m.spending === 0);
  const currency = figureCurrency(data?.currency);
  return (
    <ChartCard
      title="Income vs spending"
      description="The last 12 months, with the net of each month as a line."
      query={query}
      empty={empty}
      emptyText="No income or spending in the last 12 months yet. Deposits and expenses you record will show here."
      className="lg:col-span-2"
      {...(data && {
        conversion: {
          notConverted: [...(data.notConvertedIncome ?? []), ...(data.notConverted ?? [])],
          missingRates: data.missingRates,
        },
      })}
    >
      {() =>
        data && (
          <>
            <p className="text-sm">
              Average month: income <Money amount={data.average.income} currency={currency} />,
              spending <Money amount={data.average.spending} currency={currency} />, net{' '}
              <Money amount={data.average.net} currency={currency} />.
            </p>
            <div className="h-72" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart
                  accessibilityLayer={false}
                  data={data.months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
                >
                  <CartesianGrid stroke={GRID_STROKE} vertical={false} />
                  <XAxis dataKey="label" tick={AXIS_TICK} stroke={GRID_STROKE} />
                  <YAxis {...moneyAxis(currency.code)} />
                  <Tooltip
                    contentStyle={TOOLTIP_STYLE}
                    formatter={(v) => formatMoney(Number(v), currency)}
                  />
                  <Legend />
                  <Bar dataKey="income" name="Income" fill={INCOME} isAnimationActive={false} />
                  <Bar
                    dataKey="spending"
                    name="Spending"
                    fill={SPENDING}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="net"
                    name="Net"
                    stroke="var(--foreground)"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <ReferenceLine
                    y={data.average.spending}
                    stroke={SPENDING}
                    strokeDasharray="4 4"
                    label={{ value: 'Avg spending', fill: 'var(--muted-foreground)', fontSize: 11 }}
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
              <div className="mt-2">
                <Table caption="Income and spending per month" columns={MONTH_COLUMNS}>
                  {data.months.map((m) => (
                    <tr key={m.month} className="tabular-nums">
                      <th scope="row" className={`${CELL} font-normal whitespace-nowrap`}>
                        {monthLabel(m.month)}
                      </th>
                      <td className={`${CELL} text-right`}>
                        <Money amount={m.income} currency={currency} />
                      </td>
                      <td className={`${CELL} text-right`}>
                        <Money amount={m.spending} currency={currency} />
                      </td>
                      <td className={`${CELL} text-right`}>
                        <Money amount={m.net} currency={currency} />
                      </td>
                    </tr>
                  ))}
                </Table>
              </div>
            </details>
          </>
        )
      }
    </ChartCard>
  );
}
