import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports the store afresh so its start-up read of localStorage is exercised.
async function freshModule() {
  vi.resetModules();
  return import('./auth-store.js');
}
const freshStore = async () => (await freshModule()).useAuthStore;

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('starts signed out, signs in with a non-empty token, out with logout', async () => {
    const store = await freshStore();
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

  it('reads the stored token at start-up', async () => {
    localStorage.setItem('expense-tracker_token', 'persisted');
    const store = await freshStore();
    expect(store.getState()).toMatchObject({ token: 'persisted', isAuthenticated: true });
  });

  it('tells when a session starts (the cache is emptied then), not when it ends', async () => {
    const { useAuthStore: store, onSessionStart } = await freshModule();
    const listener = vi.fn();
    onSessionStart(listener);
    store.getState().setToken('first');
    store.getState().setToken('first');
    expect(listener).toHaveBeenCalledTimes(1);
    store.getState().setToken('second');
    expect(listener).toHaveBeenCalledTimes(2);
    store.getState().logout();
    store.getState().setToken('');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
