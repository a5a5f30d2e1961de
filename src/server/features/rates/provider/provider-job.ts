import type { Db } from '../../../db/connect.js';
import { yieldToOthers } from '../../../lib/pacer.js';
import { fetchLatestRates, type FetchPolicy } from './provider-fetch.js';
import { booksWantingRates, upsertProviderRates } from './provider-repository.js';

// The online provider's job (docs/rates.md#an-online-provider, decision 034): off unless an
// administrator sets RATES_PROVIDER_URL. On a timer, never during a request, it fetches the
// latest EUR rates once, then writes them (source `provider`) into every book that holds money
// in a currency other than its base, a book at a time, each its own short statement. The
// network is never waited on while a database connection is held: the fetch ends before the
// first write. A failure is logged and the next run tries again; nothing it does can stop the
// server.

export interface ProviderSettings {
  /** The provider's base URL (`https://api.frankfurter.dev`); `/v1/latest?base=EUR` is added. */
  url: string;
  /** Minutes between two runs; the first runs soon after the server starts. */
  intervalMinutes: number;
  policy: FetchPolicy;
}

/** What the job writes its lines with (the server's logger). */
export interface ProviderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What one run did. */
export interface ProviderRun {
  day: string;
  books: number;
  written: number;
  skipped: number;
}

/** Books read per statement while writing. */
const BOOKS_PAGE = 200;
/** The first run waits this long after the start, so the server's start is not slowed. */
const FIRST_RUN_DELAY_MS = 30_000;

/** One run: fetch, then write into every book that wants the rates. Throws what failed. */
export async function runProviderOnce(
  db: Db,
  settings: Pick<ProviderSettings, 'url' | 'policy'>,
  log: ProviderLog,
): Promise<ProviderRun> {
  const fetched = await fetchLatestRates(settings.url, settings.policy, (failure, n, waitMs) =>
    log.warn({ attempt: n, waitMs, reason: failure.message }, 'rates provider: retrying'),
  );
  const run: ProviderRun = { day: fetched.day, books: 0, written: 0, skipped: fetched.skipped };
  const index = new Map(fetched.quotes.map((quote, i) => [quote, fetched.rates[i] as string]));
  let after: string | null = null;
  for (;;) {
    const books = await booksWantingRates(db, after, BOOKS_PAGE);
    for (const book of books) {
      // Only the currencies the book uses: EUR to each (the EUR cross reaches every pair).
      const quotes = [...new Set(book.currencies)].filter((code) => index.has(code));
      run.written += await upsertProviderRates(db, book.id, fetched.day, {
        quotes,
        rates: quotes.map((code) => index.get(code) as string),
      });
      run.books += 1;
      await yieldToOthers();
    }
    const last = books.at(-1);
    if (!last || books.length < BOOKS_PAGE) return run;
    after = last.id;
  }
}

/** A started provider: stop() cancels the timer and waits for a run in progress. */
export interface RatesProvider {
  stop(): Promise<void>;
}

/**
 * Runs the provider every `intervalMinutes`, one run at a time, the first FIRST_RUN_DELAY_MS
 * after the start. Timers are unref'd: they never keep the process alive.
 */
export function startRatesProvider(
  db: Db,
  settings: ProviderSettings,
  log: ProviderLog,
  firstRunDelayMs = FIRST_RUN_DELAY_MS,
): RatesProvider {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = runProviderOnce(db, settings, log).then(
      (run) => log.info({ ...run }, 'rates provider: rates stored'),
      (error: unknown) =>
        log.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'rates provider: this run failed; the next one tries again',
        ),
    );
    void running.finally(() => {
      running = null;
      schedule(settings.intervalMinutes * 60_000);
    });
  };
  log.info({ url: settings.url, intervalMinutes: settings.intervalMinutes }, 'rates provider: on');
  schedule(firstRunDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
