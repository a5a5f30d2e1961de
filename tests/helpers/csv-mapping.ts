import type { CsvMapping } from '../../src/shared/schemas/import.js';

/**
 * The mapping a person confirms for a plain `Date,Description,Amount` CSV (or `Date,Amount`
 * without the description): sent with an import, it answers the questions a file of only
 * positive amounts leaves open (is every row money in?), as the web app's "Keep these columns"
 * does (docs/import.md#choices).
 */
export function plainCsvMapping(options: { description: boolean } = { description: true }) {
  return {
    delimiter: ',',
    hasHeader: true,
    dateColumn: 0,
    dateOrder: 'ymd',
    decimalSeparator: '.',
    amountColumn: options.description ? 2 : 1,
    debitColumn: null,
    creditColumn: null,
    descriptionColumn: options.description ? 1 : null,
    payeeColumn: null,
    categoryColumn: null,
    referenceColumn: null,
    indicatorColumn: null,
  } satisfies CsvMapping;
}
