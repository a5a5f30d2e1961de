import { Money } from '../../components/ui/money.js';
import { Fragment } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../lib/format.js';
import { useBalanceOverTime, type PeriodQuery } from './api.js';
import { lineEndLabel } from './line-end-label.js';
import { AXIS_TICK, ChartCard, GRID_STROKE, TOOLTIP_STYLE, moneyAxis } from './chart-card.js';
import { figureCurrency } from './figure-currency.js';

/**
 * Each account's balance and the total, day by day; a summary sentence says the same in words.
 * Each line carries its account's name at its end and in the legend (docs/analytics.md#colours).
 */
export function BalanceCard({ period }: { period: PeriodQuery }) {
  const query = useBalanceOverTime(period);
  const data = query.data;
  const first = data?.days[0];
  const last = data?.days.at(-1);
  const currency = figureCurrency(data?.currency);
  return (
    <ChartCard
      title="Balance over time"
      description="Each account and the total at the end of every day, from your entries."
      query={query}
      empty={!data || data.accounts.length === 0}
      emptyText="No accounts yet. Add an account on the Accounts page to follow its balance."
      className="lg:col-span-2"
      {...(data && { conversion: data })}
    >
      {() =>
        data &&
        first &&
        last && (
          <>
            <p className="text-sm">
              Total went from <Money amount={first.total} currency={currency} /> on {first.date} to{' '}
              <Money amount={last.total} currency={currency} /> on {last.date}
              {data.accounts.length > 1 && (
                <>
                  {' ('}
                  {data.accounts.map((a, i) => (
                    <Fragment key={a.id}>
                      {i > 0 && ', '}
                      {a.title}{' '}
                      <Money amount={last.balances[i] ?? 0} currency={figureCurrency(a.currency)} />
                    </Fragment>
                  ))}
                  )
                </>
              )}
              .
            </p>
            <div className="h-72" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart
                  accessibilityLayer={false}
                  data={data.days.map((d) => ({
                    date: d.date,
                    total: d.total,
                    ...Object.fromEntries(data.accounts.map((a, i) => [a.id, d.balances[i]])),
                  }))}
                >
                  <CartesianGrid stroke={GRID_STROKE} vertical={false} />
                  <XAxis dataKey="date" tick={AXIS_TICK} stroke={GRID_STROKE} minTickGap={24} />
                  <YAxis {...moneyAxis(currency.code)} />
                  <Tooltip
                    contentStyle={TOOLTIP_STYLE}
                    formatter={(v) => formatMoney(Number(v), currency)}
                  />
                  <Legend />
                  {data.accounts.length > 1 &&
                    data.accounts.map((a) => (
                      <Line
                        key={a.id}
                        dataKey={a.id}
                        name={a.title}
                        stroke={a.color}
                        dot={false}
                        strokeWidth={1.5}
                        isAnimationActive={false}
                        label={lineEndLabel(a.title, data.days.length - 1)}
                      />
                    ))}
                  <Line
                    dataKey="total"
                    name="Total"
                    stroke="var(--foreground)"
                    strokeWidth={2.5}
                    dot={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </>
        )
      }
    </ChartCard>
  );
}
