import { Money } from '../../components/ui/money.js';
import { Table } from '../../components/ui/table.js';
import { formatDate } from '../../lib/format.js';
import { useLargestEntries, useTopPayees, type PeriodQuery } from './api.js';
import { ChartCard } from './chart-card.js';
import { figureCurrency } from './figure-currency.js';

/** The payees most spent with in the period. */
export function TopPayeesCard({ period }: { period: PeriodQuery }) {
  const query = useTopPayees(period);
  const payees = query.data?.payees ?? [];
  const currency = figureCurrency(query.data?.currency);
  return (
    <ChartCard
      title="Top payees"
      description="Who you spent the most with in this period."
      query={query}
      {...(query.data && { conversion: query.data })}
      empty={payees.length === 0}
      emptyText="No payees in this period. Add a payee when you record an expense to see it here."
    >
      {() => (
        <Table
          caption="Top payees of the period"
          columns={[
            { label: 'Payee' },
            { label: 'Entries', align: 'right' },
            { label: 'Spent', align: 'right' },
          ]}
        >
          {payees.map((row) => (
            <tr key={row.payee} className="border-t border-border">
              <td className="px-4 py-2 [overflow-wrap:anywhere]">{row.payee}</td>
              <td className="px-4 py-2 text-right tabular-nums">{row.entries}</td>
              <td className="px-4 py-2 text-right">
                <Money amount={row.amount} currency={currency} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ChartCard>
  );
}

/** The largest expenses and withdrawals of the period. */
export function LargestEntriesCard({ period }: { period: PeriodQuery }) {
  const query = useLargestEntries(period);
  const entries = query.data?.entries ?? [];
  return (
    <ChartCard
      title="Largest entries"
      description="The biggest expenses and withdrawals of this period."
      query={query}
      {...(query.data && { conversion: query.data })}
      empty={entries.length === 0}
      emptyText="No expenses in this period. Record one, or pick a longer period."
    >
      {() => (
        <Table
          caption="Largest entries of the period"
          columns={[{ label: 'Date' }, { label: 'Entry' }, { label: 'Amount', align: 'right' }]}
        >
          {entries.map((row) => (
            <tr key={row.id} className="border-t border-border">
              <td className="px-4 py-2 whitespace-nowrap">
                {formatDate(`${row.occurredOn}T12:00:00`)}
              </td>
              <td className="px-4 py-2">
                <span className="block [overflow-wrap:anywhere]">
                  {row.payee || row.description || 'No description'}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {row.categoryName ?? 'Uncategorised'}
                  {row.accountTitle && ` · ${row.accountTitle}`}
                </span>
              </td>
              <td className="px-4 py-2 text-right">
                <Money amount={-row.amount} currency={figureCurrency(row.currency)} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ChartCard>
  );
}
