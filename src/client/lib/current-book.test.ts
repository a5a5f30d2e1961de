import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BOOK_STORAGE_KEY,
  adoptRememberedBook,
  bookIdFromSearch,
  currentBookId,
  isBookNotFound,
  rememberedBookId,
  setCurrentBookId,
} from './current-book.js';
import { createQueryClient } from './query-client.js';
import { createTrpcClient, withIdempotencyKey, withSessionToken } from './trpc.js';

const BOOK = '0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function answered(status: number, message: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { httpStatus: status } } },
  });
}

afterEach(() => {
  setCurrentBookId(null);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the current book', () => {
  it('is remembered in this browser, and forgotten for the personal book', () => {
    setCurrentBookId(BOOK);
    expect(currentBookId()).toBe(BOOK);
    expect(localStorage.getItem(BOOK_STORAGE_KEY)).toBe(BOOK);
    setCurrentBookId(null);
    expect(rememberedBookId()).toBeNull();
  });

  it('is written into the address of a tab opened without one, keeping the fragment', () => {
    localStorage.setItem(BOOK_STORAGE_KEY, BOOK);
    window.history.replaceState(null, '', '/invitation#token=abc');
    adoptRememberedBook();
    expect(window.location.search).toBe(`?book=${BOOK}`);
    expect(window.location.hash).toBe('#token=abc');
  });

  it('leaves an address that names a book as it is', () => {
    localStorage.setItem(BOOK_STORAGE_KEY, BOOK);
    window.history.replaceState(null, '', '/?book=other');
    adoptRememberedBook();
    expect(window.location.search).toBe('?book=other');
  });

  it('takes only a book id from the address', () => {
    expect(bookIdFromSearch(BOOK)).toBe(BOOK);
    expect(bookIdFromSearch('personal')).toBeUndefined();
    expect(bookIdFromSearch(42)).toBeUndefined();
  });

  it('is named in X-Book-Id on every call, and not at all for the personal book', async () => {
    const sent: Array<string | null> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('x-book-id'));
      const one = { result: { data: { success: true, data: {} } } };
      const body = url.includes('batch=1') ? [one] : one;
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const client = createTrpcClient(() => 'token');
    await client.book.get.query({});
    setCurrentBookId(BOOK);
    await client.book.get.query({});
    await client.book.get.query({}, withIdempotencyKey('key-1'));
    // A call of the key-login session is not the tab's person's: it names no book.
    await client.book.get.query({}, withSessionToken('key-token'));
    expect(sent).toEqual([null, BOOK, BOOK, null]);
  });
});

describe('a book that is no longer the person’s', () => {
  it('is told apart from other 404s by the server’s words', () => {
    expect(isBookNotFound(answered(404, 'Book not found'))).toBe(true);
    expect(isBookNotFound(answered(404, 'Account not found'))).toBe(false);
    expect(isBookNotFound(answered(403, 'Book not found'))).toBe(false);
  });

  it('calls onBookNotFound from the query cache', async () => {
    const onBookNotFound = vi.fn();
    const client = createQueryClient({ onSessionExpired: vi.fn(), onBookNotFound });
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(answered(404, 'Book not found')),
      })
      .catch(() => undefined);
    expect(onBookNotFound).toHaveBeenCalledOnce();
  });
});
