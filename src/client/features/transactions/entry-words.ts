import type { EntryKind } from '../../stores/entry-form-store.js';

/**
 * The words of the entry form for each type: the dialog's title and button, the messages and
 * toasts, verbatim from the spec for deposit, withdrawal and expense (docs/product.md#money-dialogs).
 * /transactions keeps its own title and button ("New transaction", "Add transaction").
 */
export const ENTRY_WORDS: Record<
  EntryKind,
  {
    label: string;
    title: string;
    submit: string;
    pending: string;
    invalid: string;
    success: string;
    failure: string;
    /** What the server writes when the description is left empty. */
    defaultDescription?: (title: string) => string;
  }
> = {
  deposit: {
    label: 'Deposit',
    title: 'Deposit Funds',
    submit: 'Deposit',
    pending: 'Processing',
    invalid: 'Please enter a valid amount to deposit.',
    success: 'Deposit successful',
    failure: 'Failed to deposit funds',
    defaultDescription: (title) => `Deposit to account ${title}`,
  },
  withdraw: {
    label: 'Withdrawal',
    title: 'Withdraw Funds',
    submit: 'Withdraw',
    pending: 'Processing',
    invalid: 'Please enter a valid amount to withdraw.',
    success: 'Withdrawal successful',
    failure: 'Failed to withdraw funds',
    defaultDescription: (title) => `Withdrawal from account ${title}`,
  },
  expense: {
    label: 'Expense',
    title: 'Add Expense',
    submit: 'Add Expense',
    pending: 'Submitting',
    invalid: 'Please enter a valid amount.',
    success: 'Expense created successfully',
    failure: 'Failed to create expense',
  },
  transfer: {
    label: 'Transfer',
    title: 'Transfer money',
    submit: 'Transfer',
    pending: 'Transferring',
    invalid: 'Please enter a valid amount.',
    success: 'Transfer completed',
    failure: 'Failed to transfer',
  },
};

/** The order of the form's Type select. */
export const ENTRY_KINDS: EntryKind[] = ['deposit', 'withdraw', 'expense', 'transfer'];

/** The ledger's own words for a new entry of any type (/transactions). */
export const LEDGER_WORDS = {
  title: 'New transaction',
  submit: 'Add transaction',
  pending: 'Saving',
  success: 'Transaction created',
  failure: 'Failed to create transaction',
};
