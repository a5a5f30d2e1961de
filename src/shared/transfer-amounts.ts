import { currencyExponent } from './currencies.js';
import { unitsToMinorUnitsAt } from './currency-money.js';
import { amountRefusalIn, type AmountField } from './currency-amounts.js';
import { impliedRate, rateAsDecimalText } from './exchange-rate.js';

/**
 * The two amounts of a transfer (docs/ledger.md#transfers): what leaves the source, in the
 * source account's currency, and what arrives, in the destination's. Between accounts of one
 * currency they are one amount; between two currencies both are given and the rate they imply
 * is recorded (docs/rates.md). The server and the transfer form read them with these functions,
 * so both refuse in the same words, which are every amount's (src/shared/currency-amounts.ts).
 */

export type TransferAmountField = 'amount' | 'receivedAmount';

const FIELDS: Record<TransferAmountField, AmountField> = {
  amount: { label: 'Amount', floor: 'positive', ceiling: 'operation' },
  receivedAmount: { label: 'Received amount', floor: 'positive', ceiling: 'operation' },
};

export const TRANSFER_MESSAGES = {
  receivedRequired: "Received amount is required when the accounts' currencies differ",
  sentRequiredOnChange:
    "Amount is required when the source account's currency changes: say how much left it",
  receivedRequiredOnChange:
    "Received amount is required when the destination account's currency changes: say how much arrived",
} as const;

/** "Received amount must equal the amount when both accounts are in USD". */
export const sameCurrencyMismatch = (currency: string) =>
  `Received amount must equal the amount when both accounts are in ${currency}`;

/**
 * Why `units` cannot be a transfer amount in `currency`, or null: exponent-2 currencies in the
 * words every USD amount had ("Amount must have at most two decimal places", "Amount must be at
 * most 1,000,000,000.00"), the others in their own ("JPY amounts have no decimals").
 */
export function transferAmountRefusal(
  field: TransferAmountField,
  units: number,
  currency: string,
): string | null {
  return amountRefusalIn(FIELDS[field], units, currency);
}

/** The legs' amounts in minor units of their own accounts' currencies. */
export interface LegAmounts {
  sent: bigint;
  received: bigint;
}

/** Read amounts, or the field refused and why. */
export type LegAmountsOutcome =
  { ok: true; value: LegAmounts } | { ok: false; field: TransferAmountField; message: string };

const refuse = (field: TransferAmountField, message: string): LegAmountsOutcome => ({
  ok: false,
  field,
  message,
});

type Read =
  { ok: true; value: bigint } | { ok: false; field: TransferAmountField; message: string };

function read(field: TransferAmountField, units: number, currency: string): Read {
  const refusal = transferAmountRefusal(field, units, currency);
  if (refusal !== null) return { ok: false, field, message: refusal };
  return { ok: true, value: unitsToMinorUnitsAt(units, currencyExponent(currency)) };
}

/**
 * The implied rate as the rate table stores it (exact decimal text, or rounded half-even on its
 * twelfth significant digit when it has no short decimal), or null between one currency.
 */
export function transferRateText(
  amounts: LegAmounts,
  from: string,
  to: string,
): { ok: true; text: string | null } | { ok: false; reason: string } {
  if (from === to) return { ok: true, text: null };
  const written = rateAsDecimalText(impliedRate(amounts.sent, from, amounts.received, to));
  return written.ok ? { ok: true, text: written.value.text } : written;
}

/** Both amounts checked together: one currency means one amount; two need a rate we can keep. */
function settle(
  sent: bigint,
  received: bigint | undefined,
  from: string,
  to: string,
): LegAmountsOutcome {
  if (from === to) {
    if (received !== undefined && received !== sent) {
      return refuse('receivedAmount', sameCurrencyMismatch(from));
    }
    return { ok: true, value: { sent, received: sent } };
  }
  if (received === undefined) return refuse('receivedAmount', TRANSFER_MESSAGES.receivedRequired);
  const value = { sent, received };
  const rate = transferRateText(value, from, to);
  if (!rate.ok) {
    return refuse(
      'receivedAmount',
      `These amounts imply a rate the book cannot keep: ${rate.reason}`,
    );
  }
  return { ok: true, value };
}

/** A new transfer's amounts: `amount` in `from`, `receivedAmount` in `to` (POST /api/transfers). */
export function newTransferAmounts(
  input: { amount: number; receivedAmount?: number | undefined },
  from: string,
  to: string,
): LegAmountsOutcome {
  const sent = read('amount', input.amount, from);
  if (!sent.ok) return sent;
  if (input.receivedAmount === undefined) return settle(sent.value, undefined, from, to);
  const received = read('receivedAmount', input.receivedAmount, to);
  if (!received.ok) return received;
  return settle(sent.value, received.value, from, to);
}

/**
 * An edited transfer's amounts (PATCH /api/transfers/{id}): what is sent is read in the
 * currencies of the accounts after the edit. An amount left out keeps its leg's minor units only
 * while that leg's currency stays (100.00 USD do not become 100 JPY); one currency after the edit
 * makes the received amount the sent one; two currencies where there was one need the received
 * amount said.
 */
export function editedTransferAmounts(
  input: { amount?: number | undefined; receivedAmount?: number | undefined },
  before: LegAmounts & { from: string; to: string },
  after: { from: string; to: string },
): LegAmountsOutcome {
  let sent: bigint;
  if (input.amount !== undefined) {
    const given = read('amount', input.amount, after.from);
    if (!given.ok) return given;
    sent = given.value;
  } else if (after.from === before.from) {
    sent = before.sent;
  } else {
    return refuse('amount', TRANSFER_MESSAGES.sentRequiredOnChange);
  }
  if (input.receivedAmount !== undefined) {
    const received = read('receivedAmount', input.receivedAmount, after.to);
    if (!received.ok) return received;
    return settle(sent, received.value, after.from, after.to);
  }
  if (after.from === after.to) return settle(sent, undefined, after.from, after.to);
  const keeps = after.to === before.to && before.from !== before.to;
  if (!keeps) {
    return refuse(
      'receivedAmount',
      before.from === before.to && after.to === before.to
        ? TRANSFER_MESSAGES.receivedRequired
        : TRANSFER_MESSAGES.receivedRequiredOnChange,
    );
  }
  return settle(sent, before.received, after.from, after.to);
}
