import { isCalendarDate } from '../../../shared/dates.js';
import {
  DIFFERENT_ACCOUNTS,
  sameAccounts,
  type CreateTransferInput,
  type UpdateTransferInput,
} from '../../../shared/schemas/transfer.js';

/** What the transfer form holds: the amount as parsed (null with its error), the rest as typed. */
export interface TransferFormValues {
  amount: number | null;
  amountError: string | null;
  fromAccountId: string | undefined;
  toAccountId: string | undefined;
  occurredOn: string;
  description: string;
}

/** The transfer being edited, as the ledger shows it (a leg's transfer, amount and version). */
export interface EditedTransfer {
  id: string;
  fromAccountId: string;
  toAccountId: string;
  amount: number;
  occurredOn: string;
  description: string;
  version: number;
}

export const NOTHING_CHANGED = 'Nothing has changed';

export type TransferRequest =
  | { problem: string }
  | { kind: 'create'; input: CreateTransferInput }
  | { kind: 'update'; input: UpdateTransferInput };

const cents = (amount: number) => Math.round(amount * 100);

/** The form's values when it edits `transfer`: what is saved now. */
export function valuesOf(transfer: EditedTransfer): Omit<TransferFormValues, 'amountError'> {
  return {
    amount: transfer.amount,
    fromAccountId: transfer.fromAccountId,
    toAccountId: transfer.toAccountId,
    occurredOn: transfer.occurredOn,
    description: transfer.description,
  };
}

/**
 * The request the transfer form sends: POST /api/transfers for a new one; for an edit,
 * PATCH /api/transfers/{id} with only the fields that differ from the saved transfer and the
 * version it was read at (a transfer changed meanwhile is then a 409, not overwritten).
 * Or the problem to show, checked in the order the fields appear.
 */
export function transferRequest(
  values: TransferFormValues,
  editing?: EditedTransfer,
): TransferRequest {
  const { amount, fromAccountId, toAccountId, occurredOn } = values;
  if (amount === null) return { problem: values.amountError ?? 'Please enter a valid amount.' };
  if (!fromAccountId || !toAccountId) return { problem: 'Choose both accounts' };
  if (sameAccounts({ fromAccountId, toAccountId })) return { problem: DIFFERENT_ACCOUNTS };
  if (!isCalendarDate(occurredOn)) return { problem: 'Enter the date of the transfer' };
  const description = values.description.trim();
  if (!editing) {
    return {
      kind: 'create',
      input: { fromAccountId, toAccountId, amount, occurredOn, description },
    };
  }
  const changed: Omit<UpdateTransferInput, 'id' | 'expectedVersion'> = {
    ...(fromAccountId !== editing.fromAccountId && { fromAccountId }),
    ...(toAccountId !== editing.toAccountId && { toAccountId }),
    ...(cents(amount) !== cents(editing.amount) && { amount }),
    ...(occurredOn !== editing.occurredOn && { occurredOn }),
    ...(description !== editing.description && { description }),
  };
  if (Object.keys(changed).length === 0) return { problem: NOTHING_CHANGED };
  return {
    kind: 'update',
    input: { id: editing.id, expectedVersion: editing.version, ...changed },
  };
}
