// What the rest of the server may use of the rates feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export {
  CONVERSION_WINDOW_DAYS,
  CROSS_CURRENCY,
  RATE_WINDOW_DAYS_MAX,
  nearestEarlierRate,
  type FoundRate,
  type RateFraction,
  type RateLeg,
  type RateRoute,
} from './rate-lookup.js';
export { foundRateFraction, foundRateText } from './found-rate.js';
export { startRatesProvider, type RatesProvider } from './provider/provider-job.js';
export { setTransferRate } from './rate-repository.js';
