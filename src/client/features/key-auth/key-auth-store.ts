import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface KeyAuthState {
  token: string | null;
  setToken: (token: string | null) => void;
  logout: () => void;
}

/**
 * The key-login session: persisted as "key-auth-storage", store version 0
 * (docs/sign-in.md#browser-storage).
 */
export const useKeyAuthStore = create<KeyAuthState>()(
  persist(
    (set) => ({
      token: null,
      setToken: (token) => set({ token: token || null }),
      logout: () => set({ token: null }),
    }),
    {
      name: 'key-auth-storage',
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token }),
    },
  ),
);
