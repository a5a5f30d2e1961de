import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports the store afresh so its start-up read of localStorage is exercised.
async function freshStore() {
  vi.resetModules();
  return (await import('./default-account-store.js')).useDefaultAccountStore;
}

describe('default account store', () => {
  beforeEach(() => localStorage.clear());

  it('sets, reads back at start-up, resets', async () => {
    (await freshStore()).getState().setDefaultAccountId('acc-1');
    expect(localStorage.getItem('default-account-id')).toBe('acc-1');
    const store = await freshStore();
    expect(store.getState().defaultAccountId).toBe('acc-1');
    store.getState().reset();
    expect(store.getState().defaultAccountId).toBeNull();
    expect(localStorage.getItem('default-account-id')).toBeNull();
  });

  it('keeps one default per book: the personal book under the old key, a shared one beside it', async () => {
    const store = await freshStore();
    // The same module instance as the store's (freshStore resets the module registry).
    const { setCurrentBookId } = await import('../lib/current-book.js');
    store.getState().setDefaultAccountId('personal-account');
    setCurrentBookId('book-1');
    store.getState().followBook();
    expect(store.getState().defaultAccountId).toBeNull();
    store.getState().setDefaultAccountId('shared-account');
    expect(localStorage.getItem('default-account-id:book-1')).toBe('shared-account');
    setCurrentBookId(null);
    store.getState().followBook();
    expect(store.getState().defaultAccountId).toBe('personal-account');
  });
});
