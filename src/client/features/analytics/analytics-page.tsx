import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Select } from '../../components/ui/select.js';
import { BalanceCard } from './balance-card.js';
import { PlanVsActualCard } from './plan-vs-actual-card.js';
import { IncomeVsSpendingCard } from './income-vs-spending-card.js';
import { PERIOD_PRESETS, resolvePeriod, type AnalyticsSearch } from './period.js';
import { SpendingByCategoryCard } from './spending-by-category-card.js';
import { LargestEntriesCard, TopPayeesCard } from './top-lists.js';

export interface AccountOption {
  id: string;
  title: string;
}

/**
 * /analytics: the period picker and account filter (both in the URL), and one card per chart.
 * The route hands in the accounts, navigation and the CSV download.
 */
export function AnalyticsPage(props: {
  search: AnalyticsSearch;
  onSearchChange: (search: AnalyticsSearch) => void;
  accounts: AccountOption[];
  onOpen: (href: string) => void;
  onDownloadCsv: (query: string) => Promise<void>;
}) {
  const { search } = props;
  const period = resolvePeriod(search, new Date());
  const accountId = search.accountId;
  const query = { from: period.from, to: period.to, ...(accountId && { accountId }) };
  const ids = { period: useId(), account: useId(), from: useId(), to: useId() };
  const [downloading, setDownloading] = useState(false);

  const setPreset = (value: string) => {
    const preset = PERIOD_PRESETS.find((p) => p.value === value)?.value ?? 'this-month';
    props.onSearchChange(
      preset === 'custom'
        ? { ...search, period: 'custom', from: period.from, to: period.to }
        : { ...(accountId && { accountId }), period: preset },
    );
  };
  const setCustom = (key: 'from' | 'to', value: string) => {
    if (!value) return;
    props.onSearchChange({
      ...search,
      period: 'custom',
      from: period.from,
      to: period.to,
      [key]: value,
    });
  };
  const download = async () => {
    setDownloading(true);
    try {
      const params = new URLSearchParams({
        dateFrom: period.from,
        dateTo: period.to,
        ...(accountId && { accountId }),
      });
      await props.onDownloadCsv(params.toString());
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="analytics-heading" className="text-2xl font-bold">
            Analytics
          </h1>
          <p className="text-sm text-muted-foreground">
            {period.from} to {period.to}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to="/data"
            className="text-sm font-medium text-primary underline-offset-2 hover:underline"
          >
            Export and restore
          </Link>
          <Button variant="outline" onClick={() => void download()} disabled={downloading}>
            <Download className="h-4 w-4" aria-hidden />
            Download CSV
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Period and account">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.period} className="text-sm font-medium">
            Period
          </label>
          <Select
            id={ids.period}
            ariaLabel="Period"
            placeholder="Period"
            value={period.preset}
            onValueChange={setPreset}
            options={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          />
        </div>
        {period.preset === 'custom' && (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.from} className="text-sm font-medium">
                From
              </label>
              <Input
                id={ids.from}
                type="date"
                value={period.from}
                max={period.to}
                onChange={(event) => setCustom('from', event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.to} className="text-sm font-medium">
                To
              </label>
              <Input
                id={ids.to}
                type="date"
                value={period.to}
                min={period.from}
                onChange={(event) => setCustom('to', event.target.value)}
              />
            </div>
          </>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.account} className="text-sm font-medium">
            Account
          </label>
          <Select
            id={ids.account}
            ariaLabel="Account"
            placeholder="All accounts"
            value={accountId ?? 'all'}
            onValueChange={(value) =>
              props.onSearchChange({
                ...search,
                accountId: value === 'all' ? undefined : value,
              })
            }
            options={[
              { value: 'all', label: 'All accounts' },
              ...props.accounts.map((a) => ({ value: a.id, label: a.title })),
            ]}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <SpendingByCategoryCard period={query} onOpen={props.onOpen} />
        <IncomeVsSpendingCard accountId={accountId} />
        <BalanceCard period={query} />
        <TopPayeesCard period={query} />
        <LargestEntriesCard period={query} />
        <PlanVsActualCard period={period} accountFiltered={accountId !== undefined} />
      </div>
    </section>
  );
}
