import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { COLOUR_RULES, expectAccessible, settle } from './a11y.js';
import { expectWholeFigures } from './figures.js';
import { SCREENSHOT_DIR, launchBrowser, openPage, type WatchedPage } from './browser.js';
import { seedRichData, signedInUser, type SeededAccount } from './session.js';

// What the accessibility and screenshot journeys (a11y-*.e2e.ts) share: every screen, dialog
// and menu is read by axe-core in both themes at 1440 and 390 pixels wide (no serious or
// critical finding, no moderate one that support/a11y.ts does not accept), and every screen is
// photographed at 320, 390, 1024 and 1440 pixels in both themes (kept by CI from
// test-results/screenshots), with a check at each width that no money figure is broken across
// lines or cut (support/figures.ts). The theme is the system's (the app's default), switched by
// emulating the colour scheme, so each screen loads once for all eight pictures. The journeys
// are split over several files so the two browser workers share them (docs/testing.md#ci-time).

export const WIDTHS = [1440, 1024, 390, 320] as const;
export const AXE_WIDTHS = new Set<number>([1440, 390]);
export const SCHEMES = ['light', 'dark'] as const;

export async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  // The app follows the change event of the media query; on a busy machine that can come after
  // two frames, and axe would then read a page half in the old theme.
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await settle(page);
}

/**
 * axe on the page in one theme: every rule in the light theme, the colour rules in the dark one
 * (a theme changes colours only; the rest would find the same things again at twice the cost).
 */
function axe(page: Page, where: string, scheme: 'light' | 'dark') {
  return expectAccessible(page, `${where} ${scheme}`, scheme === 'dark' ? COLOUR_RULES : undefined);
}

/**
 * Eight screenshots of the screen on show, every money figure on one line and uncut at each
 * width, and axe at 1440 and 390 in both themes. One theme at a time, the widths inside it: a
 * theme switch waits for its colour transitions to end, a new width only for two frames.
 */
export async function checkScreen(w: WatchedPage, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await setScheme(w.page, scheme);
    for (const width of WIDTHS) {
      await w.page.setViewportSize({ width, height: 900 });
      await settle(w.page);
      await w.page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
      if (AXE_WIDTHS.has(width)) await axe(w.page, `${name} ${width}px`, scheme);
      // A theme changes colours, never the layout: one look per width.
      if (scheme === 'light') await expectWholeFigures(w.page, `${name} ${width}px`);
    }
  }
}

/** axe on an overlay, opened afresh at each width (Radix closes some on resize). */
export async function checkOverlay(
  w: WatchedPage,
  name: string,
  open: (page: Page) => Promise<void>,
  close: (page: Page) => Promise<void> = (page) => page.keyboard.press('Escape'),
): Promise<void> {
  for (const width of AXE_WIDTHS) {
    const at = `${name} ${width}px`;
    await w.page.setViewportSize({ width, height: 900 });
    await within(`${at}: light theme`, setScheme(w.page, 'light'));
    await within(`${at}: opening`, open(w.page));
    for (const scheme of SCHEMES) {
      await within(`${at}: ${scheme} theme`, setScheme(w.page, scheme));
      await within(`${at} ${scheme}: axe`, axe(w.page, at, scheme));
    }
    await within(`${at}: closing`, close(w.page));
  }
}

/** A step that must end within STEP_MS, or fail naming itself (a test time-out names no step). */
const STEP_MS = 45_000;
async function within<T>(step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not done after ${STEP_MS} ms`)), STEP_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The document title a page sets for itself: "Accounts · Expense Tracker". */
export async function expectTitle(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.title()).toBe(`${name} · Expense Tracker`);
}

export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

/**
 * One signed-in screen: opened at `pathname`, its heading and its tab title awaited, then every
 * picture and scan of checkScreen.
 */
export async function checkSignedInScreen(
  s: ScreensSession,
  screen: { name: string; pathname: string; title: string; documentTitle: string },
): Promise<void> {
  await s.app.goto(screen.pathname);
  await heading(s.app.page, screen.title);
  await s.app.page.waitForLoadState('networkidle');
  // Item 15: each page names itself in the tab and the browser's history.
  await expectTitle(s.app.page, screen.documentTitle);
  await checkScreen(s.app, screen.name);
}

export interface ScreensSession {
  browser: Browser;
  token: string;
  accounts: { small: SeededAccount; long: SeededAccount; big: SeededAccount };
  /** The signed-in page every test of the file uses. */
  app: WatchedPage;
}

/**
 * A browser and a person of their own for one file (registers beforeAll and afterAll): the rich
 * data (a $999,999,999.99 balance, a title of 100 characters), and one signed-in page whose
 * default account is the biggest, so /account and /expenses show it too.
 */
export function screensSession(label: string): ScreensSession {
  const session = {} as ScreensSession;
  beforeAll(async () => {
    session.browser = await launchBrowser();
    session.token = (await signedInUser(label)).token;
    session.accounts = await seedRichData(session.token);
    session.app = await openPage(session.browser, { token: session.token });
    await session.app.context.addInitScript((id) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('default-account-id', id);
    }, session.accounts.big.id);
  });
  afterAll(async () => {
    await session.app.context.close();
    await session.browser.close();
  });
  return session;
}
