import { describe, expect, it } from 'vitest';
import {
  NOTHING_CHANGED,
  transferRequest,
  valuesOf,
  type EditedTransfer,
  type TransferFormValues,
} from './transfer-request.js';

const saved: EditedTransfer = {
  id: 'tr-1',
  fromAccountId: 'savings',
  toAccountId: 'card',
  amount: 125.5,
  occurredOn: '2026-11-20',
  description: 'Pay the card',
  version: 3,
};

const form = (values: Partial<TransferFormValues> = {}): TransferFormValues => ({
  ...valuesOf(saved),
  amountError: null,
  ...values,
});

describe('transferRequest: a new transfer', () => {
  it('sends every field, the description trimmed', () => {
    expect(transferRequest(form({ description: '  Rent  ' }))).toEqual({
      kind: 'create',
      input: {
        fromAccountId: 'savings',
        toAccountId: 'card',
        amount: 125.5,
        occurredOn: '2026-11-20',
        description: 'Rent',
      },
    });
  });

  it('says what is missing, in the order of the fields', () => {
    expect(
      transferRequest(form({ amount: null, amountError: 'Please enter a valid amount.' })),
    ).toEqual({ problem: 'Please enter a valid amount.' });
    expect(transferRequest(form({ toAccountId: undefined }))).toEqual({
      problem: 'Choose both accounts',
    });
    expect(transferRequest(form({ toAccountId: 'savings' }))).toEqual({
      problem: 'Choose two different accounts',
    });
    expect(transferRequest(form({ occurredOn: '2026-02-30' }))).toEqual({
      problem: 'Enter the date of the transfer',
    });
  });
});

describe('transferRequest: editing a transfer', () => {
  it('sends only what changed, with the version it was read at', () => {
    expect(transferRequest(form({ amount: 150 }), saved)).toEqual({
      kind: 'update',
      input: { id: 'tr-1', expectedVersion: 3, amount: 150 },
    });
    expect(
      transferRequest(
        form({ fromAccountId: 'wallet', occurredOn: '2026-11-01', description: ' Rent ' }),
        saved,
      ),
    ).toEqual({
      kind: 'update',
      input: {
        id: 'tr-1',
        expectedVersion: 3,
        fromAccountId: 'wallet',
        occurredOn: '2026-11-01',
        description: 'Rent',
      },
    });
  });

  it('compares amounts in cents and descriptions trimmed: nothing changed is not sent', () => {
    expect(
      transferRequest(form({ amount: 125.50000000001, description: 'Pay the card ' }), saved),
    ).toEqual({ problem: NOTHING_CHANGED });
  });

  it('refuses the same account at both ends before sending', () => {
    expect(transferRequest(form({ toAccountId: 'savings' }), saved)).toEqual({
      problem: 'Choose two different accounts',
    });
  });
});

describe('transferRequest: between two currencies', () => {
  const crossing: EditedTransfer = {
    ...saved,
    amount: 100,
    receivedAmount: 108.5,
    fromCurrency: 'EUR',
    toCurrency: 'USD',
  };
  const currencies = { from: 'EUR', to: 'USD' };

  it('sends what arrives with a new transfer', () => {
    expect(transferRequest(form({ amount: 100, receivedAmount: 108.5, currencies }))).toMatchObject(
      {
        kind: 'create',
        input: { amount: 100, receivedAmount: 108.5 },
      },
    );
  });

  it('fills the form with both amounts and sends only the one that changed', () => {
    const values = { ...valuesOf(crossing), amountError: null, currencies };
    expect(values.receivedAmount).toBe(108.5);
    expect(transferRequest(values, crossing)).toEqual({ problem: NOTHING_CHANGED });
    expect(transferRequest({ ...values, receivedAmount: 110 }, crossing)).toEqual({
      kind: 'update',
      input: { id: 'tr-1', expectedVersion: 3, receivedAmount: 110 },
    });
  });

  it('sends the amount of a side whose currency changes', () => {
    const values = { ...valuesOf(crossing), amountError: null };
    expect(
      transferRequest(
        {
          ...values,
          toAccountId: 'yen',
          receivedAmount: 16000,
          currencies: { from: 'EUR', to: 'JPY' },
        },
        crossing,
      ),
    ).toEqual({
      kind: 'update',
      input: { id: 'tr-1', expectedVersion: 3, toAccountId: 'yen', receivedAmount: 16000 },
    });
    expect(
      transferRequest(
        { ...values, fromAccountId: 'pounds', currencies: { from: 'GBP', to: 'USD' } },
        crossing,
      ),
    ).toEqual({
      kind: 'update',
      input: { id: 'tr-1', expectedVersion: 3, fromAccountId: 'pounds', amount: 100 },
    });
  });
});
