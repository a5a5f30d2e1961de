import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { RatesPage } from '../../features/rates/rates-page.js';
import { currencyChoices } from '../../components/forms/currency-choices.js';
import { useBook, useToday } from '../../lib/book.js';
import { useLocaleStore } from '../../lib/locale.js';

/**
 * /rates composes the rates feature with settings' currency choices (features do not import each
 * other, docs/client.md). A new rate starts as EUR -> the book's base currency (the ECB's rates
 * are EUR-based), dated today in the book's time zone. No loader: its prefetch would ship in the
 * entry chunk every first load carries; the page asks for its rates when its chunk runs.
 */
function RatesRoute() {
  const book = useBook();
  const today = useToday();
  const locale = useLocaleStore((state) => state.locale);
  if (book.isPending) return <PageSpinner label="Loading rates" />;
  const baseCurrency = book.data?.baseCurrency ?? 'USD';
  return (
    <RatesPage
      currencies={currencyChoices(locale)}
      defaults={{ base: 'EUR', quote: baseCurrency === 'EUR' ? 'USD' : baseCurrency, day: today }}
    />
  );
}

export const Route = createFileRoute('/_authed/rates')({
  staticData: { title: 'Rates', breadcrumb: 'Rates' },
  component: RatesRoute,
});
