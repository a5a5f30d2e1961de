import { create } from 'zustand';
import { currentBookId } from '../lib/current-book.js';

export const DEFAULT_ACCOUNT_STORAGE_KEY = 'default-account-id';

interface DefaultAccountState {
  defaultAccountId: string | null;
  setDefaultAccountId: (id: string) => void;
  reset: () => void;
  /** Reads the default of the tab's book again: called when the tab switches books. */
  followBook: () => void;
}

/**
 * Each book has its own default account (its accounts are its own): the personal book's is
 * kept under the key it always had, a shared book's under the key with its id after a colon.
 */
function storageKey(): string {
  const book = currentBookId();
  return book ? `${DEFAULT_ACCOUNT_STORAGE_KEY}:${book}` : DEFAULT_ACCOUNT_STORAGE_KEY;
}

function read(): string | null {
  try {
    return localStorage.getItem(storageKey()) || null;
  } catch {
    return null;
  }
}

/** The account shown at /account: a local preference, kept in localStorage and in this store. */
export const useDefaultAccountStore = create<DefaultAccountState>((set) => ({
  defaultAccountId: read(),
  setDefaultAccountId(id) {
    localStorage.setItem(storageKey(), id);
    set({ defaultAccountId: id });
  },
  reset() {
    localStorage.removeItem(storageKey());
    set({ defaultAccountId: null });
  },
  followBook() {
    set({ defaultAccountId: read() });
  },
}));
