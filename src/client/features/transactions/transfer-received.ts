import { currencyExponent } from '../../../shared/currencies.js';
import {
  minorUnitsText,
  minorUnitsToUnits,
  unitsToMinorUnits,
} from '../../../shared/currency-money.js';
import { moneyForEditing, readTypedMoney, type NumberMarks } from '../../../shared/typed-amount.js';
import { marksFor } from '../../components/forms/typed-amounts.js';
import { useLocaleStore } from '../../lib/locale.js';
import { transferRateText } from '../../../shared/transfer-amounts.js';

/**
 * The second amount of a transfer between two currencies (docs/ledger.md#between-two-currencies):
 * what arrives, typed in the destination account's currency with its decimals, and the rate the
 * two amounts imply, said as the rate table will keep it.
 */

/** The field's words when it is left empty or zero. */
export const RECEIVED_MISSING = 'Enter the amount received';

/** The currencies of a transfer's two chosen accounts, when they differ (else null). */
export function differentCurrencies(
  accounts: readonly { id: string; currency?: string }[],
  fromAccountId: string,
  toAccountId: string,
): { from: string; to: string } | null {
  const from = accounts.find((account) => account.id === fromAccountId)?.currency;
  const to = accounts.find((account) => account.id === toAccountId)?.currency;
  if (!from || !to || from === to) return null;
  return { from, to };
}

/** What the received field records in `currency`, as units for the API, or why it cannot. */
export function readReceived(
  text: string,
  marks: NumberMarks,
  currency: string,
): { units: number; minorUnits: bigint } | { problem: string } {
  const read = readTypedMoney(text, marks, currency);
  if (read.kind === 'unreadable') return { problem: read.message };
  if (read.kind !== 'minorUnits' || read.minorUnits <= 0n) return { problem: RECEIVED_MISSING };
  return { units: minorUnitsToUnits(read.minorUnits, currency), minorUnits: read.minorUnits };
}

/** "Records 108.50 USD": what the received field will record, the same in every locale. */
export function receivedRecordsText(minorUnits: bigint, currency: string): string {
  return `Records ${minorUnitsText(minorUnits, currencyExponent(currency))} ${currency}`;
}

/**
 * "1 EUR = 1.085 USD": the rate the two typed amounts imply, as the rate table will record it,
 * or null while either cannot be read.
 */
export function impliedRateLine(
  sentText: string,
  receivedText: string,
  marks: NumberMarks,
  currencies: { from: string; to: string },
): string | null {
  const sent = readTypedMoney(sentText, marks, currencies.from);
  const received = readTypedMoney(receivedText, marks, currencies.to);
  if (sent.kind !== 'minorUnits' || received.kind !== 'minorUnits') return null;
  if (sent.minorUnits <= 0n || received.minorUnits <= 0n) return null;
  const rate = transferRateText(
    { sent: sent.minorUnits, received: received.minorUnits },
    currencies.from,
    currencies.to,
  );
  return rate.ok && rate.text !== null
    ? `1 ${currencies.from} = ${rate.text} ${currencies.to}`
    : null;
}

/** A saved received amount written for its field: the locale's marks, the currency's decimals. */
export function receivedEditText(units: number, currency: string): string {
  const marks = marksFor(useLocaleStore.getState().locale);
  return moneyForEditing(unitsToMinorUnits(units, currency), marks, currency);
}
