import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Money } from '../../components/ui/money.js';
import { Table } from '../../components/ui/table.js';
import { formatMoney } from '../../lib/format.js';
import type { SpendingByCategory } from '../../../shared/schemas/analytics.js';
import { ChartCard, TOOLTIP_STYLE } from './chart-card.js';
import { figureCurrency } from './figure-currency.js';
import { useSpendingByCategory, type PeriodQuery } from './api.js';
import { transactionsHref } from './period.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Spending per category as a donut, and the same figures as a table (the text alternative);
 * each category links to the Transactions page filtered to it and to the period.
 */
export function SpendingByCategoryCard(props: {
  period: PeriodQuery;
  onOpen: (href: string) => void;
}) {
  const query = useSpendingByCategory(props.period);
  const data: SpendingByCategory | undefined = query.data;
  const currency = figureCurrency(data?.currency);
  return (
    <ChartCard
      title="Spending by category"
      description="Where the money went in this period; split entries count in each line's category."
      query={query}
      empty={!data || data.categories.length === 0}
      emptyText="No spending in this period. Record an expense, or pick a longer period."
      className="lg:col-span-2"
      {...(data && { conversion: data })}
    >
      {() =>
        data && (
          <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_1fr] md:items-center">
            <div className="h-56" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <PieChart accessibilityLayer={false}>
                  <Pie
                    data={data.categories}
                    dataKey="amount"
                    nameKey="name"
                    innerRadius="55%"
                    outerRadius="90%"
                    stroke="var(--card)"
                    isAnimationActive={false}
                    rootTabIndex={-1}
                    onClick={(entry: { payload?: { categoryId: string | null } }) =>
                      props.onOpen(
                        transactionsHref(
                          entry.payload?.categoryId ?? null,
                          props.period,
                          props.period.accountId,
                        ),
                      )
                    }
                  >
                    {data.categories.map((row) => (
                      <Cell key={row.categoryId ?? 'none'} fill={row.color} cursor="pointer" />
                    ))}
                  </Pie>
                  <Tooltip
                    contentStyle={TOOLTIP_STYLE}
                    formatter={(value) => formatMoney(Number(value), currency)}
                  />
                </PieChart>
              </ResponsiveContainer>
            </div>
            <Table
              caption={`Spending by category, total ${formatMoney(data.total, currency)}`}
              columns={[
                { label: 'Category' },
                { label: 'Amount', align: 'right' },
                { label: 'Share', align: 'right' },
              ]}
            >
              {data.categories.map((row) => {
                const href = transactionsHref(row.categoryId, props.period, props.period.accountId);
                return (
                  <tr key={row.categoryId ?? 'none'} className="border-t border-border">
                    <td className="px-4 py-2">
                      <a
                        href={href}
                        onClick={(event) => {
                          event.preventDefault();
                          props.onOpen(href);
                        }}
                        className="inline-flex items-center gap-2 underline-offset-2 hover:underline focus-visible:underline"
                      >
                        <span
                          aria-hidden
                          className="inline-block h-3 w-3 shrink-0 rounded-full"
                          style={{ backgroundColor: row.color }}
                        />
                        {row.name}
                      </a>
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Money amount={row.amount} currency={currency} />
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{percent(row.share)}</td>
                  </tr>
                );
              })}
              <tr className="border-t border-border font-semibold">
                <td className="px-4 py-2">Total</td>
                <td className="px-4 py-2 text-right">
                  <Money amount={data.total} currency={currency} />
                </td>
                <td className="px-4 py-2 text-right">100%</td>
              </tr>
            </Table>
          </div>
        )
      }
    </ChartCard>
  );
}
