import { describe, it } from 'vitest';
import { checkSignedInScreen, screensSession } from './support/screen-checks.js';

/**
 * The signed-in screens from the dashboard to analytics: axe in both themes at two widths and eight
 * screenshots each, every page naming itself in the tab.
 * (support/screen-checks.ts says what each screen goes through.)
 */

describe('accessibility and screenshots of every screen', () => {
  const s = screensSession('screens');

  it.each([
    ['dashboard', '/', 'Dashboard', 'Dashboard'],
    ['default-account', '/account', 'Default Account', 'Default Account'],
    ['accounts', '/accounts', 'Your Accounts', 'Accounts'],
    ['account-details', 'details', 'Account Details', 'Account Details'],
    ['all-accounts', '/accounts/all', 'All Accounts', 'All Accounts'],
    ['expenses', '/expenses', 'Expenses', 'Expenses'],
    ['all-expenses', '/all-expenses', 'All Expenses', 'All Expenses'],
    ['test', '/test', 'Test', 'Test'],
    ['analytics', '/analytics', 'Analytics', 'Analytics'],
  ])('signed in: %s', async (name, pathname, title, documentTitle) => {
    await checkSignedInScreen(s, {
      name,
      pathname: pathname === 'details' ? `/accounts/${s.accounts.big.id}` : pathname,
      title,
      documentTitle,
    });
  });
});
