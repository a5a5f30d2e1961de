import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports the store afresh so its start-up read of localStorage is exercised.
async function freshStore() {
  vi.resetModules();
  return (await import('./key-auth-store.js')).useKeyAuthStore;
}

describe('key-auth store', () => {
  beforeEach(() => localStorage.clear());

  it('persists under key-auth-storage with version 0', async () => {
    const store = await freshStore();
    store.getState().setToken('key-token');
    const stored = JSON.parse(localStorage.getItem('key-auth-storage') ?? '{}') as {
      state: { token: string };
      version: number;
    };
    expect(stored).toEqual({ state: { token: 'key-token' }, version: 0 });
    store.getState().logout();
    expect(store.getState().token).toBeNull();
  });

  it('rehydrates a stored session', async () => {
    localStorage.setItem(
      'key-auth-storage',
      JSON.stringify({ state: { token: 'kept' }, version: 0 }),
    );
    const store = await freshStore();
    expect(store.getState().token).toBe('kept');
  });
});
