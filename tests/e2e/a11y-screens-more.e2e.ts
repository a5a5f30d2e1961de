import { describe, it } from 'vitest';
import { checkSignedInScreen, screensSession } from './support/screen-checks.js';

/**
 * The signed-in screens from export and restore to the 404 page: axe in both themes at two widths
 * and eight screenshots each, every page naming itself in the tab.
 * (support/screen-checks.ts says what each screen goes through.)
 */

describe('accessibility and screenshots of every screen', () => {
  const s = screensSession('screens-more');

  it.each([
    ['data', '/data', 'Export and restore', 'Export and restore'],
    ['organization', '/organization', 'Organization', 'Organization'],
    ['permissions', '/permissions', 'Permissions', 'Permissions'],
    ['invitation-incomplete', '/invitation', 'Invitation', 'Invitation'],
    ['projects', '/projects', 'Projects', 'Projects'],
    ['transactions', '/transactions', 'Transactions', 'Transactions'],
    ['transactions-filtered', '/transactions?type=expense&min=1', 'Transactions', 'Transactions'],
    ['categories', '/categories', 'Categories', 'Categories'],
    ['budget', '/budget', 'Budget', 'Budget'],
    ['import', '/import', 'Import', 'Import'],
    ['rules', '/rules', 'Rules', 'Rules'],
    ['settings', '/settings', 'Settings', 'Settings'],
    ['not-found', '/no/such/page', '404', 'Page not found'],
  ])('signed in: %s', async (name, pathname, title, documentTitle) => {
    await checkSignedInScreen(s, {
      name,
      pathname,
      title,
      documentTitle,
    });
  });
});
