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
});
