import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { checkOverlay, checkScreen, expectTitle, heading } from './support/screen-checks.js';
import { signedInUser } from './support/session.js';

/**
 * The screens a signed-out person sees (login with its demo provider dialog, sign-up, email
 * verification, the key screens, the demo mailbox and action pages) and the page a key session
 * protects: axe in both themes at two widths and eight screenshots each
 * (support/screen-checks.ts), each in a fresh browser context.
 */

describe('accessibility and screenshots of the signed-out screens', () => {
  let shared: Browser | undefined;
  const browser = () => {
    if (!shared) throw new Error('The browser is not launched yet');
    return shared;
  };
  beforeAll(async () => {
    shared = await launchBrowser();
  });
  afterAll(async () => {
    await shared?.close();
  });

  it.each([
    ['login', '/login', 'Welcome back', 'Login'],
    ['signup', '/signup', 'Create an account', 'Sign up'],
    ['verify', '/verify', 'Email Verification Required', 'Verify your email'],
    ['key-register', '/key-auth/register', 'Email Authentication', 'Register a key'],
    ['key-verify', '/key-auth/verify', 'Sign in with your key', 'Sign in with your key'],
    [
      'key-confirm',
      '/key-auth/confirm?token=not-a-token',
      'Confirm your new key',
      'Confirm your new key',
    ],
    ['demo-mailbox', '/demo/mailbox', 'Demo mailbox', 'Demo mailbox'],
    [
      'demo-action',
      '/demo/action?mode=verifyEmail&oobCode=not-a-code',
      'The email could not be verified',
      'Email verification',
    ],
  ])('signed out: %s', async (name, pathname, title, documentTitle) => {
    const guest = await openPage(browser());
    // The invalid code of demo-action is refused by the Auth emulator on purpose.
    guest.expect(/HTTP 400: POST .*accounts:(update|resetPassword)/);
    await guest.goto(pathname);
    await heading(guest.page, title);
    await guest.page.waitForLoadState('networkidle');
    await expectTitle(guest.page, documentTitle);
    await checkScreen(guest, name);
    if (name === 'login') {
      await checkOverlay(guest, 'demo provider dialog', async (page) => {
        await page.getByRole('button', { name: 'Login with Google' }).click();
        await page.getByRole('dialog', { name: 'Sign in with Google (demo)' }).waitFor();
      });
    }
    guest.assertClean();
    await guest.context.close();
  });

  it('key session: the protected page', async () => {
    const keyed = await openPage(browser());
    await keyed.context.addInitScript(
      (keyToken) => {
        if (!location.protocol.startsWith('http')) return;
        localStorage.setItem(
          'key-auth-storage',
          JSON.stringify({ state: { token: keyToken }, version: 0 }),
        );
      },
      (await signedInUser('screens-key')).token,
    );
    await keyed.goto('/key-auth/protected');
    await heading(keyed.page, 'Protected Page');
    await keyed.page.getByText(/Signed in with your key as/).waitFor();
    await expectTitle(keyed.page, 'Protected Page');
    await checkScreen(keyed, 'key-protected');
    keyed.assertClean();
    await keyed.context.close();
  });
});
