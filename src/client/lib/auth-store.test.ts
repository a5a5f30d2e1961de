import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports the stores afresh so their start-up read of localStorage is exercised.
async function freshModules() {
  vi.resetModules();
  return {
    auth: await import('./auth-store.js'),
    keyAuth: await import('./key-auth-store.js'),
    defaults: await import('./default-account-store.js'),
  };
}

describe('client stores', () => {
  beforeEach(() => localStorage.clear());

  it('auth: starts signed out, signs in with a non-empty token, out with logout', async () => {
    const { auth } = await freshModules();
    const store = auth.useAuthStore;
    expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
    store.getState().setToken('abc');
    expect(store.getState()).toMatchObject({ token: 'abc', isAuthenticated: true });
    expect(localStorage.getItem('expense-tracker_token')).toBe('abc');
    store.getState().setToken('');
    expect(store.getState().isAuthenticated).toBe(false);
    store.getState().setToken('again');
    store.getState().logout();
    expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
    expect(localStorage.getItem('expense-tracker_token')).toBeNull();
  });

  it('auth: reads the stored token at start-up', async () => {
    localStorage.setItem('expense-tracker_token', 'persisted');
    const { auth } = await freshModules();
    expect(auth.useAuthStore.getState()).toMatchObject({
      token: 'persisted',
      isAuthenticated: true,
    });
  });

  it('key-auth: persists under key-auth-storage with version 0', async () => {
    const { keyAuth } = await freshModules();
    keyAuth.useKeyAuthStore.getState().setToken('key-token');
    const stored = JSON.parse(localStorage.getItem('key-auth-storage') ?? '{}') as {
      state: { token: string };
      version: number;
    };
    expect(stored).toEqual({ state: { token: 'key-token' }, version: 0 });
    keyAuth.useKeyAuthStore.getState().logout();
    expect(keyAuth.useKeyAuthStore.getState().token).toBeNull();
  });

  it('key-auth: rehydrates a stored session', async () => {
    localStorage.setItem(
      'key-auth-storage',
      JSON.stringify({ state: { token: 'kept' }, version: 0 }),
    );
    const { keyAuth } = await freshModules();
    expect(keyAuth.useKeyAuthStore.getState().token).toBe('kept');
  });

  it('default account: set, read back at start-up, reset', async () => {
    const first = await freshModules();
    first.defaults.useDefaultAccountStore.getState().setDefaultAccountId('acc-1');
    expect(localStorage.getItem('default-account-id')).toBe('acc-1');
    const second = await freshModules();
    expect(second.defaults.useDefaultAccountStore.getState().defaultAccountId).toBe('acc-1');
    second.defaults.useDefaultAccountStore.getState().reset();
    expect(second.defaults.useDefaultAccountStore.getState().defaultAccountId).toBeNull();
    expect(localStorage.getItem('default-account-id')).toBeNull();
  });
});
