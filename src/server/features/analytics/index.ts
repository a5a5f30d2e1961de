// What the rest of the server may use of the analytics feature: its public entry
// (docs/architecture.md#public-entries). The conversion of entries into the book's base
// currency, for the other totals across accounts (a Transactions view's summary).
export {
  conversionJoins,
  converted,
  pendingCurrency,
  type Conversion,
  type PendingRow,
} from './conversion-repository.js';
export { conversionOfEntries } from './entry-range.js';
export { missingRatesOf, notConvertedOf, unitsIn } from './not-converted.js';
export { BackgroundRecorder } from './background-recorder.js';
export { EMBEDDED_RECORD_BATCH, RECORD_BATCH } from './conversion-recorder.js';
