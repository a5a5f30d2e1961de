import { isCalendarDate } from '../../../shared/dates.js';
import {
  DIFFERENT_ACCOUNTS,
  sameAccounts,
  type CreateTransferInput,
  type UpdateTransferInput,
} from '../../../shared/schemas/transfer.js';

/**
 * What the transfer form holds: the amount as parsed (null with its error), what arrives when the
 * accounts' currencies differ (read in the destination's currency), the rest as typed.
 */
export interface TransferFormValues {
  amount: number | null;
  amountError: string | null;
  receivedAmount?: number | undefined;
  /** The chosen accounts' currencies, when known. */
  currencies?: { from: string; to: string } | undefined;
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
  /** What arrived and both currencies, as the transfer's legs show them. */
  receivedAmount?: number | undefined;
  fromCurrency?: string | undefined;
  toCurrency?: string | undefined;
  occurredOn: string;
  description: string;
  version: number;
}

export const NOTHING_CHANGED = 'Nothing has changed';

export type TransferRequest =
  | { problem: string }
  | { kind: 'create'; input: CreateTransferInput }
  | { kind: 'update'; input: UpdateTransferInput };

/** An amount in ten-thousandths of a unit: finer than any currency's minor unit (CLF's). */
const smallest = (amount: number) => Math.round(amount * 10_000);

/** The form's values when it edits `transfer`: what is saved now. */
export function valuesOf(transfer: EditedTransfer): Omit<TransferFormValues, 'amountError'> {
  return {
    amount: transfer.amount,
    ...(transfer.receivedAmount !== undefined &&
      transfer.fromCurrency !== transfer.toCurrency && { receivedAmount: transfer.receivedAmount }),
    fromAccountId: transfer.fromAccountId,
    toAccountId: transfer.toAccountId,
    occurredOn: transfer.occurredOn,
    description: transfer.description,
  };
}

/**
 * The request the transfer form sends: POST /api/transfers for a new one; for an edit,
 * PATCH /api/transfers/{id} with only the fields that differ from the saved transfer and the
 * version it was read at (a transfer changed meanwhile is then a 409, not overwritten). An
 * amount goes along when its side's currency changes (the server keeps a leg's amount only in
 * its own currency), and the received amount whenever it differs or the transfer was in one
 * currency. Or the problem to show, checked in the order the fields appear.
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
  const { receivedAmount, currencies } = values;
  const received = receivedAmount === undefined ? {} : { receivedAmount };
  if (!editing) {
    return {
      kind: 'create',
      input: { fromAccountId, toAccountId, amount, ...received, occurredOn, description },
    };
  }
  const sourceCurrencyChanged =
    currencies !== undefined && currencies.from !== editing.fromCurrency;
  const receivedChanged =
    receivedAmount !== undefined &&
    (editing.receivedAmount === undefined ||
      smallest(receivedAmount) !== smallest(editing.receivedAmount) ||
      editing.fromCurrency === editing.toCurrency ||
      currencies?.to !== editing.toCurrency);
  const changed: Omit<UpdateTransferInput, 'id' | 'expectedVersion'> = {
    ...(fromAccountId !== editing.fromAccountId && { fromAccountId }),
    ...(toAccountId !== editing.toAccountId && { toAccountId }),
    ...((smallest(amount) !== smallest(editing.amount) || sourceCurrencyChanged) && { amount }),
    ...(receivedChanged && received),
    ...(occurredOn !== editing.occurredOn && { occurredOn }),
    ...(description !== editing.description && { description }),
  };
  if (Object.keys(changed).length === 0) return { problem: NOTHING_CHANGED };
  return {
    kind: 'update',
    input: { id: editing.id, expectedVersion: editing.version, ...changed },
  };
}
