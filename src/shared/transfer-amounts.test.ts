import { describe, expect, it } from 'vitest';
import {
  TRANSFER_MESSAGES,
  editedTransferAmounts,
  newTransferAmounts,
  sameCurrencyMismatch,
  transferAmountRefusal,
  transferRateText,
} from './transfer-amounts.js';

describe('transferAmountRefusal', () => {
  it('keeps the words every USD amount had for exponent-2 currencies', () => {
    expect(transferAmountRefusal('amount', 12.345, 'USD')).toBe(
      'Amount must have at most two decimal places',
    );
    expect(transferAmountRefusal('receivedAmount', 12.345, 'EUR')).toBe(
      'Received amount must have at most two decimal places',
    );
    expect(transferAmountRefusal('amount', 1_000_000_000.01, 'USD')).toBe(
      'Amount must be at most 1,000,000,000.00',
    );
    expect(transferAmountRefusal('amount', 1_000_000_000, 'USD')).toBeNull();
  });

  it("says other currencies' own decimals and bounds", () => {
    expect(transferAmountRefusal('amount', 12.5, 'JPY')).toBe('JPY amounts have no decimals');
    expect(transferAmountRefusal('receivedAmount', 1.2345, 'KWD')).toBe(
      'KWD amounts have at most 3 decimals',
    );
    expect(transferAmountRefusal('receivedAmount', 100_000_000.001, 'KWD')).toBe(
      'Received amount must be at most 100,000,000.000 KWD',
    );
    expect(transferAmountRefusal('amount', 12.345, 'KWD')).toBeNull();
    expect(transferAmountRefusal('amount', 1500, 'JPY')).toBeNull();
  });
});

describe('newTransferAmounts', () => {
  it('reads each amount in its own currency', () => {
    expect(newTransferAmounts({ amount: 1000, receivedAmount: 2.043 }, 'JPY', 'KWD')).toEqual({
      ok: true,
      value: { sent: 1000n, received: 2043n },
    });
    expect(newTransferAmounts({ amount: 100, receivedAmount: 108.5 }, 'EUR', 'USD')).toEqual({
      ok: true,
      value: { sent: 10000n, received: 10850n },
    });
  });

  it('makes one amount of a transfer in one currency', () => {
    expect(newTransferAmounts({ amount: 40 }, 'USD', 'USD')).toEqual({
      ok: true,
      value: { sent: 4000n, received: 4000n },
    });
    expect(newTransferAmounts({ amount: 40, receivedAmount: 40 }, 'USD', 'USD')).toMatchObject({
      ok: true,
    });
    expect(newTransferAmounts({ amount: 40, receivedAmount: 41 }, 'USD', 'USD')).toEqual({
      ok: false,
      field: 'receivedAmount',
      message: sameCurrencyMismatch('USD'),
    });
  });

  it('refuses what is missing or what a side cannot hold, naming the field', () => {
    expect(newTransferAmounts({ amount: 10 }, 'EUR', 'USD')).toEqual({
      ok: false,
      field: 'receivedAmount',
      message: TRANSFER_MESSAGES.receivedRequired,
    });
    expect(newTransferAmounts({ amount: 10.5, receivedAmount: 1 }, 'JPY', 'USD')).toMatchObject({
      ok: false,
      field: 'amount',
      message: 'JPY amounts have no decimals',
    });
    expect(newTransferAmounts({ amount: 10, receivedAmount: 1.5 }, 'USD', 'JPY')).toMatchObject({
      ok: false,
      field: 'receivedAmount',
      message: 'JPY amounts have no decimals',
    });
  });

  it('refuses amounts whose rate the rate table cannot keep', () => {
    // 0.0001 CLF for 100,000,000,000 JPY: 10^15 yen per unit.
    const refused = newTransferAmounts(
      { amount: 0.0001, receivedAmount: 100_000_000_000 },
      'CLF',
      'JPY',
    );
    expect(refused).toMatchObject({ ok: false, field: 'receivedAmount' });
  });
});

describe('editedTransferAmounts', () => {
  const cross = { from: 'EUR', to: 'USD', sent: 10000n, received: 10850n };
  const same = { from: 'USD', to: 'USD', sent: 4000n, received: 4000n };

  it('keeps a leg whose currency stays, and changes either amount', () => {
    expect(editedTransferAmounts({}, cross, { from: 'EUR', to: 'USD' })).toEqual({
      ok: true,
      value: { sent: 10000n, received: 10850n },
    });
    expect(
      editedTransferAmounts({ receivedAmount: 110 }, cross, { from: 'EUR', to: 'USD' }),
    ).toEqual({
      ok: true,
      value: { sent: 10000n, received: 11000n },
    });
    expect(editedTransferAmounts({ amount: 50 }, same, { from: 'USD', to: 'USD' })).toEqual({
      ok: true,
      value: { sent: 5000n, received: 5000n },
    });
  });

  it('needs the amount of a side whose currency changes', () => {
    expect(editedTransferAmounts({}, cross, { from: 'EUR', to: 'JPY' })).toMatchObject({
      ok: false,
      message: TRANSFER_MESSAGES.receivedRequiredOnChange,
    });
    expect(editedTransferAmounts({}, cross, { from: 'GBP', to: 'USD' })).toMatchObject({
      ok: false,
      field: 'amount',
      message: TRANSFER_MESSAGES.sentRequiredOnChange,
    });
    expect(editedTransferAmounts({}, same, { from: 'USD', to: 'EUR' })).toMatchObject({
      ok: false,
      field: 'receivedAmount',
    });
    expect(
      editedTransferAmounts({ receivedAmount: 18.5 }, same, { from: 'USD', to: 'EUR' }),
    ).toEqual({
      ok: true,
      value: { sent: 4000n, received: 1850n },
    });
  });

  it('makes the received amount the sent one when the edit leaves one currency', () => {
    expect(editedTransferAmounts({}, cross, { from: 'EUR', to: 'EUR' })).toEqual({
      ok: true,
      value: { sent: 10000n, received: 10000n },
    });
  });
});

describe('transferRateText', () => {
  it('is the exact implied rate, or null within one currency', () => {
    expect(transferRateText({ sent: 10000n, received: 10850n }, 'EUR', 'USD')).toEqual({
      ok: true,
      text: '1.085',
    });
    expect(transferRateText({ sent: 1000n, received: 2043n }, 'JPY', 'KWD')).toEqual({
      ok: true,
      text: '0.002043',
    });
    expect(transferRateText({ sent: 4000n, received: 4000n }, 'USD', 'USD')).toEqual({
      ok: true,
      text: null,
    });
  });

  it('rounds a rate without a short decimal half-even on its twelfth significant digit', () => {
    // 300.00 USD sent for 100.00 EUR: a third has no decimal.
    expect(transferRateText({ sent: 30000n, received: 10000n }, 'USD', 'EUR')).toEqual({
      ok: true,
      text: '0.333333333333',
    });
  });
});
