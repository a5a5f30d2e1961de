import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export const SCREENSHOT_DIR = path.resolve(
  import.meta.dirname,
  '../../../test-results/screenshots',
);

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
    await this.page.goto(`${baseUrl()}${pathname}`);
  }

  async screenshot(name: string): Promise<void> {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const width = this.page.viewportSize()?.width ?? 0;
    await this.page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
    });
  }
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; token?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  if (options.token) {
    await context.addInitScript((token) => {
      if (!localStorage.getItem('expense-tracker_token'))
        localStorage.setItem('expense-tracker_token', token);
    }, options.token);
  }
  return new WatchedPage(context, await context.newPage());
}
