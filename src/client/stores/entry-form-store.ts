import { create } from 'zustand';
import type { MovementType } from '../../shared/schemas/ledger.js';

/** What the one entry form records: a movement of one account, or a transfer between two. */
export type EntryKind = MovementType | 'transfer';

/** How the entry form opens: its type, and the account it starts from (the account card's). */
export interface EntryFormRequest {
  type: EntryKind;
  accountId?: string | undefined;
  /** Opened from an account's card: the account is shown, not chosen. */
  lockAccount?: boolean;
}

interface EntryFormState {
  /** The form on screen, or null; `opened` counts openings, so each one starts a fresh form. */
  request: EntryFormRequest | null;
  opened: number;
  open: (request: EntryFormRequest) => void;
  close: () => void;
}

/**
 * The one entry form's dialog (docs/client.md#one-entry-form) is mounted once, by the signed-in
 * layout; the account card, /expenses, the dashboard and /transactions open it through this
 * store, since features do not import each other.
 */
export const useEntryFormStore = create<EntryFormState>((set) => ({
  request: null,
  opened: 0,
  open: (request) => set((state) => ({ request, opened: state.opened + 1 })),
  close: () => set({ request: null }),
}));

/** Opens the entry form: `useOpenEntryForm()({ type: 'deposit', accountId })`. */
export const useOpenEntryForm = () => useEntryFormStore((state) => state.open);
