import { create } from 'zustand';

export const DEFAULT_ACCOUNT_STORAGE_KEY = 'default-account-id';

interface DefaultAccountState {
  defaultAccountId: string | null;
  setDefaultAccountId: (id: string) => void;
  reset: () => void;
}

function read(): string | null {
  try {
    return localStorage.getItem(DEFAULT_ACCOUNT_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** The account shown at /account: a local preference, kept in localStorage and in this store. */
export const useDefaultAccountStore = create<DefaultAccountState>((set) => ({
  defaultAccountId: read(),
  setDefaultAccountId(id) {
    localStorage.setItem(DEFAULT_ACCOUNT_STORAGE_KEY, id);
    set({ defaultAccountId: id });
  },
  reset() {
    localStorage.removeItem(DEFAULT_ACCOUNT_STORAGE_KEY);
    set({ defaultAccountId: null });
  },
}));
