import { httpStatusOf } from './api-error.js';
import { MESSAGES } from '../../shared/errors.js';

/**
 * The book this tab works on (docs/client.md#shared-books): null for the person's personal book,
 * which a call reaches by naming no book. It is carried in the URL (`?book=`), so two tabs can
 * show two books, and remembered in this browser, so a new tab opens the book used last.
 * Every tRPC request of the tab names it in `X-Book-Id` (lib/trpc.ts).
 */

export const BOOK_SEARCH_PARAM = 'book';
/** The header naming it (the server reads the same name: docs/sharing.md#choosing-a-book). */
export const BOOK_ID_HEADER = 'x-book-id';
export const BOOK_STORAGE_KEY = 'expense-tracker_book';

let current: string | null = null;

/** The book the tab's calls name; null for the personal book. */
export function currentBookId(): string | null {
  return current;
}

/** Sets the book the tab's calls name, and remembers it for the next tab. */
export function setCurrentBookId(id: string | null): void {
  current = id;
  try {
    if (id) localStorage.setItem(BOOK_STORAGE_KEY, id);
    else localStorage.removeItem(BOOK_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the book is then this tab's only.
  }
}

/** The book used last in this browser, for a tab opened without `?book=`. */
export function rememberedBookId(): string | null {
  try {
    return localStorage.getItem(BOOK_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Before the router starts: a signed-in tab whose address names no book opens the one used
 * last here, written into the address (replacing it) so that moves within the tab keep it.
 */
export function adoptRememberedBook(): void {
  const remembered = rememberedBookId();
  const url = new URL(window.location.href);
  if (!remembered || url.searchParams.has(BOOK_SEARCH_PARAM)) return;
  url.searchParams.set(BOOK_SEARCH_PARAM, remembered);
  window.history.replaceState(window.history.state, '', url);
}

/** A book id as the URL may carry it: anything else counts as no book (the personal one). */
export function bookIdFromSearch(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
}

/**
 * The answer of a call on a book the person is not (or no longer) a member of: 404 "Book not
 * found". Other 404s (an account, an invitation) say what is missing in their own words.
 */
export function isBookNotFound(error: unknown): boolean {
  return (
    httpStatusOf(error) === 404 && error instanceof Error && error.message === MESSAGES.bookNotFound
  );
}

/** What the person is told when the tab's book answered "Book not found". */
export const NO_LONGER_A_MEMBER =
  'You no longer have access to that book. Showing your personal book.';
