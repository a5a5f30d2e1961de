import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export { SCREENSHOT_DIR } from './paths.js';

export function baseUrl(): string {
  return inject('e2eBaseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A page that remembers every console error and failed request, so a journey can fail on
 * anything it did not expect.
 */
export class WatchedPage {
  readonly problems: string[] = [];
  private allowed: RegExp[] = [];

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    /** The app this page talks to: the shared one unless a journey runs its own. */
    readonly base: string = baseUrl(),
  ) {
    const watch = (p: Page) => {
      p.on('console', (message) => {
        // Chromium echoes every HTTP error as a console line without its URL; the response
        // listener below records those with the URL, so a journey can allow them precisely.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          this.problems.push(`console: ${message.text()}`);
        }
      });
      p.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
      p.on('requestfailed', (request) => {
        // A navigation away aborts what the old page was loading; that is not a failure.
        if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
        this.problems.push(
          `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
        );
      });
      p.on('response', (response) => {
        if (response.status() >= 400)
          this.problems.push(
            `HTTP ${response.status()}: ${response.request().method()} ${response.url()}`,
          );
      });
    };
    watch(page);
    context.on('page', watch);
  }

  /** Declares problems this journey provokes on purpose (e.g. a 422 it asked for). */
  expect(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  assertClean(): void {
    const unexpected = this.problems.filter(
      (problem) => !this.allowed.some((pattern) => pattern.test(problem)),
    );
    expect(
      unexpected,
      `unexpected console errors or failed requests:\n${unexpected.join('\n')}`,
    ).toEqual([]);
  }

  async goto(pathname: string): Promise<void> {
    await this.page.goto(`${this.base}${pathname}`);
  }
}

export async function openPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    token?: string;
    colorScheme?: 'light' | 'dark';
    base?: string;
    /** The browser's language (navigator.language), e.g. de-DE. */
    locale?: string;
    /** The device's time zone, e.g. Pacific/Auckland. */
    timezoneId?: string;
  } = {},
): Promise<WatchedPage> {
  const base = options.base ?? baseUrl();
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.locale && { locale: options.locale }),
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
  });
  if (options.token) {
    await context.addInitScript((token) => {
      // Frames without an origin of their own (axe-core's, about:blank) have no localStorage.
      if (!location.protocol.startsWith('http')) return;
      if (!localStorage.getItem('expense-tracker_token'))
        localStorage.setItem('expense-tracker_token', token);
    }, options.token);
  }
  return new WatchedPage(context, await context.newPage(), base);
}
