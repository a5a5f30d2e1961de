/**
 * ECB reference-rate files of any size in the ECB's own layouts (docs/rates.md#ecb-files), for
 * the readers' tests and the import bench: the full history is about 6,700 working days by 41
 * currencies, newest day first, N/A where a currency was not quoted (the withdrawn ones after the
 * euro replaced them). Rates are made up but shaped like the ECB's (four or five significant
 * digits, JPY-like ones with two decimals, IDR-like ones above 10,000).
 */

/** The full history's header, in the ECB's order. */
export const ECB_HISTORY_CURRENCIES = [
  'USD', 'JPY', 'BGN', 'CYP', 'CZK', 'DKK', 'EEK', 'GBP', 'HUF', 'LTL', 'LVL', 'MTL', 'PLN', 'ROL',
  'RON', 'SEK', 'SIT', 'SKK', 'CHF', 'ISK', 'NOK', 'HRK', 'RUB', 'TRL', 'TRY', 'AUD', 'BRL', 'CAD',
  'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR',
] as const; // prettier-ignore

/** Codes the euro or a redenomination replaced: quoted only in the older part of the history. */
const WITHDRAWN = new Set(['CYP', 'EEK', 'LTL', 'LVL', 'MTL', 'ROL', 'SIT', 'SKK', 'TRL', 'HRK']);

export interface EcbHistoryOptions {
  days: number;
  /** The first `currencies` of the header (at most 41). */
  currencies?: number;
  /** The newest day; the others are the working days before it. */
  newest?: string;
}

export interface EcbHistory {
  csv: string;
  xml: string;
  days: string[];
  currencies: string[];
  /** Rates written (cells that are not N/A). */
  rates: number;
  notAvailable: number;
}

/** Working days (Monday to Friday) going back from `newest`, newest first. */
function workingDays(newest: string, count: number): string[] {
  const days: string[] = [];
  const date = new Date(`${newest}T00:00:00Z`);
  while (days.length < count) {
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date.toISOString().slice(0, 10));
    date.setUTCDate(date.getUTCDate() - 1);
  }
  return days;
}

/** A made-up rate with the ECB's shape for currency `c` on the `d`-th day (null: N/A). */
function rateOf(c: number, d: number, days: number, code: string): string | null {
  // The withdrawn codes are quoted in the oldest third of the history only.
  if (WITHDRAWN.has(code) && d < (days * 2) / 3) return null;
  const scale = [1, 100, 1, 10_000, 1000][c % 5] ?? 1;
  const value = scale * (1 + ((c * 7919 + d * 104_729) % 9000) / 10_000);
  const decimals = scale >= 10_000 ? 2 : scale >= 100 ? 2 : 4;
  return value.toFixed(decimals);
}

export function ecbHistory(options: EcbHistoryOptions): EcbHistory {
  const currencies = ECB_HISTORY_CURRENCIES.slice(0, options.currencies ?? 41);
  const days = workingDays(options.newest ?? '2026-11-27', options.days);
  const csvLines = [`Date,${currencies.join(',')},`];
  const xmlParts = [
    '<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>',
  ];
  let rates = 0;
  let notAvailable = 0;
  days.forEach((day, d) => {
    const cells: string[] = [];
    xmlParts.push(`<Cube time="${day}">`);
    currencies.forEach((code, c) => {
      const rate = rateOf(c, d, days.length, code);
      if (rate === null) {
        notAvailable += 1;
        cells.push('N/A');
        return;
      }
      rates += 1;
      cells.push(rate);
      xmlParts.push(`<Cube currency="${code}" rate="${rate}"/>`);
    });
    xmlParts.push('</Cube>');
    csvLines.push(`${day},${cells.join(',')},`);
  });
  xmlParts.push('</Cube></gesmes:Envelope>');
  return {
    csv: `${csvLines.join('\n')}\n`,
    xml: xmlParts.join(''),
    days,
    currencies: [...currencies],
    rates,
    notAvailable,
  };
}
