import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Shared books (docs/sharing.md, docs/client.md#shared-books), as two people live them in two
 * browsers: A makes a book and invites B by email; B accepts from the demo mailbox and records
 * an expense; A sees it appear, and finds it in the book's activity; A makes B a viewer, B's
 * screen says so and B's next write is refused; A removes B, and B's open screen takes them back
 * to their personal book, told why. Nobody reloads: live updates (docs/client.md#live-updates)
 * bring each change to the other's open screen.
 */

/** Live updates refetch within about 2 s; a little more leaves room for a slow machine. */
const LIVE = { timeout: 5_000 };

const VIEWER_REFUSAL =
  'You can view this book but not change it. Ask an owner of the book to make you an editor.';
const NO_LONGER = 'You no longer have access to that book. Showing your personal book.';
const LAST_OWNER = 'A book needs at least one owner: make another member an owner first.';

const sidebarLink = (page: Page, name: string) =>
  page.locator('#app-sidebar nav').getByRole('link', { name, exact: true });

const bookButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `Book: ${name}`, exact: true });

const memberRows = (page: Page, email: string) =>
  page
    .getByRole('region', { name: 'Members of this book' })
    .getByRole('row')
    .filter({ hasText: email });

const bookInUrl = (page: Page) => new URL(page.url()).searchParams.get('book');

const activityItems = (page: Page) =>
  page.getByRole('list', { name: 'Activity of this book' }).getByRole('listitem');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function invitationLink(email: string, base: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mailbox = (await fetch(
      `${base}/api/demo/mailbox?email=${encodeURIComponent(email)}`,
    ).then((res) => res.json())) as { data: { requestType: string; link: string }[] };
    const message = mailbox.data.find((entry) => entry.requestType === 'BOOK_INVITATION');
    if (message) return message.link;
    // The mail is sent in the background, just after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation for ${email} in the demo mailbox`);
}

async function signIn(page: Page, person: { email: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function addExpense(page: Page, amount: string, description: string) {
  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  return dialog;
}

describe('shared books journey', () => {
  let browser: Browser;
  const pages: WatchedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const w of pages) await w.context.close();
    await browser.close();
  });

  it('A shares a book with B, changes B’s role and removes B; each sees what the other did', async () => {
    const a = await signedInUser('books-a');
    const b = await signedInUser('books-b');
    const wa = await openPage(browser, { token: a.token });
    const wb = await openPage(browser, { token: b.token });
    pages.push(wa, wb);
    // Refusals this journey brings about on purpose: B's write as a viewer, B's calls once removed.
    wb.expect(/HTTP 403: POST .*\/trpc\/expense\.create/, /HTTP 404: .*\/trpc\//);
    const pa = wa.page;
    const pb = wb.page;

    // A creates "Household" from the book switcher, and is in it at once.
    await wa.goto('/');
    await pa.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bookButton(pa, 'Personal').click();
    await pa.getByRole('menuitem', { name: 'New book…' }).click();
    const create = pa.getByRole('dialog', { name: 'New book' });
    await create.getByLabel('Name').fill('Household');
    await create.getByRole('button', { name: 'Create book' }).click();
    await toast(pa, 'Book created');
    await bookButton(pa, 'Household').waitFor();
    const household = bookInUrl(pa);
    expect(household).toMatch(/^[0-9a-f-]{36}$/);

    // The switcher lists both books with A's role, the current one checked.
    await bookButton(pa, 'Household').click();
    const checked = pa.getByRole('menuitemradio', { checked: true });
    expect((await checked.textContent())?.replace(/\s+/g, ' ')).toContain('Household');
    await pa.getByRole('menuitemradio', { name: /Personal/ }).waitFor();
    await pa.keyboard.press('Escape');

    // A invites B by email as an editor, on /organization (the book stays in the address).
    await sidebarLink(pa, 'Organization').click();
    await pa.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    expect(bookInUrl(pa)).toBe(household);
    await pa.getByLabel('Email').fill(b.email);
    await pa.getByRole('combobox', { name: 'Role', exact: true }).selectOption('editor');
    await pa.getByRole('button', { name: 'Send invitation' }).click();
    await toast(pa, `Invitation sent to ${b.email}`);
    const invited = pa
      .getByRole('region', { name: 'Invitations to this book' })
      .getByRole('row')
      .filter({ hasText: b.email });
    await invited.getByText('Open', { exact: true }).waitFor();

    // B opens the link from the demo mailbox, sees what it offers, and accepts.
    const link = await invitationLink(b.email, wb.base);
    expect(link).toMatch(/\/invitation#token=[A-Za-z0-9_-]{43}$/);
    await pb.goto(new URL(link, wb.base).href);
    await pb.getByRole('heading', { name: 'Invitation', level: 1 }).waitFor();
    await pb.getByText(`${a.email} invites you to the book “Household” as editor.`).waitFor();
    await expectAccessible(pb, 'an open invitation');
    await pb.getByRole('button', { name: 'Accept' }).click();
    await toast(pb, 'You joined “Household”');
    await pb.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bookButton(pb, 'Household').waitFor();
    expect(bookInUrl(pb)).toBe(household);

    // A's open Organization page shows B in, an editor, and says so in the activity.
    const roleOfB = pa.getByRole('combobox', { name: `Role of ${b.email}` });
    await roleOfB.waitFor(LIVE);
    expect(await roleOfB.inputValue()).toBe('editor');
    await activityItems(pa)
      .filter({ hasText: `${b.email} joined the book` })
      .waitFor(LIVE);

    // A watches All Expenses while B records an expense in Household: it appears on A's screen.
    await sidebarLink(pa, 'All Expenses').click();
    await pa.getByRole('heading', { name: 'All Expenses', level: 1 }).waitFor();
    await sidebarLink(pb, 'All Expenses').click();
    await pb.getByRole('heading', { name: 'All Expenses', level: 1 }).waitFor();
    let dialog = await addExpense(pb, '7.25', 'Milk for the house');
    await toast(pb, 'Expense created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await pa.getByText('Milk for the house').first().waitFor(LIVE);

    // The book's activity says who recorded it, and A's own doings as "You".
    await sidebarLink(pa, 'Organization').click();
    await pa.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    await activityItems(pa)
      .filter({ hasText: new RegExp(`^${escapeRegExp(b.email)} recorded an (expense|entry)`) })
      .waitFor();
    await activityItems(pa)
      .filter({ hasText: /^You invited someone/ })
      .waitFor();
    // Narrowed to B and to invitations: only B's joining is left.
    await pa.getByRole('combobox', { name: 'Member', exact: true }).selectOption(b.email);
    await pa.getByRole('combobox', { name: 'Area', exact: true }).selectOption('Invitations');
    await expect
      .poll(() => activityItems(pa).allTextContents())
      .toEqual([expect.stringMatching(new RegExp(`^${escapeRegExp(b.email)} joined the book`))]);
    await pa.getByRole('combobox', { name: 'Member', exact: true }).selectOption('All members');
    await pa.getByRole('combobox', { name: 'Area', exact: true }).selectOption('All areas');
    await expectAccessible(pa, 'the organization of a shared book, as its owner');

    // A makes B a viewer: B's open screen says so at once, and B's next write is refused with
    // the viewer's message.
    await pa.getByRole('combobox', { name: `Role of ${b.email}` }).selectOption('viewer');
    await toast(pa, `${b.email} is now a viewer`);
    await pb.getByText('View only', { exact: true }).waitFor(LIVE);
    await bookButton(pb, 'Household').waitFor();
    dialog = await addExpense(pb, '3', 'Bread');
    await toast(pb, VIEWER_REFUSAL);
    expect(await dialog.isVisible()).toBe(true);
    await pb.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A removes B.
    await memberRows(pa, b.email)
      .getByRole('button', { name: `Remove ${b.email}` })
      .click();
    const confirm = pa.getByRole('alertdialog', { name: 'Remove member?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toast(pa, 'Member removed');
    await expect.poll(() => memberRows(pa, b.email).count()).toBe(0);

    // B's open screen loses the book without a move of B's: back to the personal book, told why.
    await toast(pb, NO_LONGER);
    await bookButton(pb, 'Personal').waitFor();
    await expect.poll(() => bookInUrl(pb)).toBe(null);
    await pb.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // And the book refuses B's calls as any stranger's.
    const refused = await fetch(`${wb.base}/api/expenses`, {
      headers: { authorization: `Bearer ${b.token}`, 'x-book-id': household ?? '' },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, message: 'Book not found' });

    wa.assertClean();
    wb.assertClean();
  });

  it('an owner renames, shares by link, withdraws and deletes; a signed-out invitee signs in, comes back to the link, joins and leaves', async () => {
    const a = await signedInUser('books-owner');
    const c = await signedInUser('books-c');
    await apiData(a.token, 'POST', '/api/books', { name: 'Trip' });
    const wa = await openPage(browser, { token: a.token });
    const wc = await openPage(browser);
    pages.push(wa, wc);
    wa.expect(/HTTP 409: POST .*\/trpc\/member\.update/);
    wc.expect(/HTTP 404: GET .*\/trpc\/invitation\.preview/);
    const pa = wa.page;
    const pc = wc.page;

    // A switches to Trip from the header.
    await wa.goto('/');
    await pa.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bookButton(pa, 'Personal').click();
    await pa.getByRole('menuitemradio', { name: /Trip/ }).click();
    await bookButton(pa, 'Trip').waitFor();

    // A renames it, and cannot stop being its last owner.
    await sidebarLink(pa, 'Organization').click();
    await pa.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    await pa.getByLabel('Name', { exact: true }).fill('Trip 2027');
    await pa.getByRole('button', { name: 'Rename' }).click();
    await toast(pa, 'Book renamed');
    await bookButton(pa, 'Trip 2027').waitFor();
    await pa.getByRole('combobox', { name: `Role of ${a.email}` }).selectOption('editor');
    await toast(pa, LAST_OWNER);

    // A makes links: for a viewer, for an editor, and for an owner, which A withdraws.
    const invitations = pa.getByRole('region', { name: 'Invitations to this book' });
    const makeLink = async (role: 'viewer' | 'editor' | 'owner') => {
      await pa.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role);
      await pa.getByRole('button', { name: 'Create link' }).click();
      await toast(pa, 'Invitation link created');
      const label = role[0]?.toUpperCase() + role.slice(1);
      await invitations.getByRole('row').filter({ hasText: label }).waitFor();
      const made = await pa.getByLabel('Invitation link').inputValue();
      expect(made).toMatch(/\/invitation#token=[A-Za-z0-9_-]{43}$/);
      return made;
    };
    const link = await makeLink('viewer');
    const editorLink = await makeLink('editor');
    const ownerLink = await makeLink('owner');
    expect(new Set([link, editorLink, ownerLink]).size).toBe(3);
    const ownerRow = invitations.getByRole('row').filter({ hasText: 'Owner' });
    await ownerRow.getByRole('button', { name: /^Withdraw/ }).click();
    await pa
      .getByRole('alertdialog', { name: 'Withdraw invitation?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await toast(pa, 'Invitation withdrawn');
    await expect.poll(() => ownerRow.count()).toBe(0);

    // C, signed out, opens the editor's link: sign in first, then back to it; C declines.
    await pc.goto(editorLink);
    await pc.waitForURL((url) => url.pathname === '/login');
    await signIn(pc, c);
    await pc.waitForURL((url) => url.pathname === '/invitation' && url.hash.startsWith('#token='));
    await pc.getByText(`${a.email} invites you to the book “Trip 2027” as editor.`).waitFor();
    await pc.getByRole('button', { name: 'Decline' }).click();
    await toast(pc, 'Invitation declined');
    await pc.getByText('This invitation was declined.').waitFor();

    // A withdrawn link says so.
    await pc.goto(ownerLink);
    await pc.getByText('This invitation does not exist or was withdrawn.').waitFor();

    // The viewer's link: C accepts, and is in the book, view only.
    await pc.goto(link);
    await pc.getByText(`${a.email} invites you to the book “Trip 2027” as viewer.`).waitFor();
    await pc.getByRole('button', { name: 'Accept' }).click();
    await toast(pc, 'You joined “Trip 2027”');
    await bookButton(pc, 'Trip 2027').waitFor();
    await pc.getByText('View only', { exact: true }).waitFor();

    // A's open list says what became of each.
    await invitations
      .getByRole('row')
      .filter({ hasText: 'Viewer' })
      .getByText('Accepted')
      .waitFor();
    await invitations
      .getByRole('row')
      .filter({ hasText: 'Editor' })
      .getByText('Declined')
      .waitFor();

    // The link works once: opened again, it says C is in already and opens the book.
    await pc.goto(link);
    await pc.getByText('You are already a member of this book.').waitFor();
    await pc.getByRole('button', { name: 'Open the book' }).click();
    await pc.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bookButton(pc, 'Trip 2027').waitFor();

    // Signed out, the tab names no book: whoever signs in next starts in their own. The goals
    // card asks last (it mounts once the other cards have their data): a read still on its way
    // when the session ends is answered 401, so the dashboard is left complete first.
    await pc.getByText('No goals yet.', { exact: false }).waitFor();
    await pc.getByRole('button', { name: 'Open profile menu' }).click();
    await pc.getByRole('menuitem', { name: 'Logout' }).click();
    await pc
      .getByRole('alertdialog', { name: 'Are you sure you want to Logout?' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await pc.waitForURL((url) => url.pathname === '/login');
    expect(bookInUrl(pc)).toBe(null);
    await signIn(pc, c);
    await pc.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bookButton(pc, 'Personal').waitFor();
    await bookButton(pc, 'Personal').click();
    await pc.getByRole('menuitemradio', { name: /Trip 2027/ }).click();
    await bookButton(pc, 'Trip 2027').waitFor();

    // C leaves, back in their own book; signed out, the tab names no book.
    await sidebarLink(pc, 'Organization').click();
    await pc.getByRole('button', { name: 'Leave this book' }).click();
    await pc
      .getByRole('alertdialog', { name: 'Leave this book?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await toast(pc, 'You left “Trip 2027”');
    await bookButton(pc, 'Personal').waitFor();
    expect(bookInUrl(pc)).toBe(null);

    // A deletes the book, confirming with its name.
    await pa.getByRole('button', { name: 'Delete this book' }).click();
    const remove = pa.getByRole('dialog', { name: 'Delete this book?' });
    await remove.getByLabel('Name of the book').fill('Trip');
    await remove.getByRole('button', { name: 'Delete book' }).click();
    await remove.getByText('Type the name of the book exactly').waitFor();
    await remove.getByLabel('Name of the book').fill('Trip 2027');
    await remove.getByRole('button', { name: 'Delete book' }).click();
    await toast(pa, '“Trip 2027” deleted');
    await bookButton(pa, 'Personal').waitFor();
    expect(bookInUrl(pa)).toBe(null);
    await bookButton(pa, 'Personal').click();
    await expect
      .poll(() => pa.getByRole('menuitemradio').allTextContents())
      .toEqual([expect.stringContaining('Personal')]);
    await pa.keyboard.press('Escape');

    wa.assertClean();
    wc.assertClean();
  });
});
