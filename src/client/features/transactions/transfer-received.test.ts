import { describe, expect, it } from 'vitest';
import { numberMarksOf } from '../../../shared/typed-amount.js';
import {
  RECEIVED_MISSING,
  differentCurrencies,
  impliedRateLine,
  readReceived,
  receivedRecordsText,
} from './transfer-received.js';

const en = numberMarksOf('en-US');
const de = numberMarksOf('de-DE');

describe('differentCurrencies', () => {
  const accounts = [
    { id: 'eur', currency: 'EUR' },
    { id: 'usd', currency: 'USD' },
    { id: 'usd2', currency: 'USD' },
  ];
  it('names both currencies only when they differ', () => {
    expect(differentCurrencies(accounts, 'eur', 'usd')).toEqual({ from: 'EUR', to: 'USD' });
    expect(differentCurrencies(accounts, 'usd', 'usd2')).toBeNull();
    expect(differentCurrencies(accounts, 'eur', 'none')).toBeNull();
  });
});

describe('readReceived', () => {
  it("reads the destination's decimals in the person's locale", () => {
    expect(readReceived('108.50', en, 'USD')).toEqual({ units: 108.5, minorUnits: 10850n });
    expect(readReceived('2,043', de, 'KWD')).toEqual({ units: 2.043, minorUnits: 2043n });
    expect(readReceived('16,000', en, 'JPY')).toEqual({ units: 16000, minorUnits: 16000n });
  });

  it('refuses what the currency cannot hold, and asks for an empty one', () => {
    expect(readReceived('12.5', en, 'JPY')).toEqual({ problem: 'JPY amounts have no decimals' });
    expect(readReceived('', en, 'USD')).toEqual({ problem: RECEIVED_MISSING });
    expect(readReceived('0', en, 'USD')).toEqual({ problem: RECEIVED_MISSING });
  });

  it('says what it records', () => {
    expect(receivedRecordsText(10850n, 'USD')).toBe('Records 108.50 USD');
    expect(receivedRecordsText(16000n, 'JPY')).toBe('Records 16,000 JPY');
  });
});

describe('impliedRateLine', () => {
  it('says the rate the two typed amounts imply, as the book records it', () => {
    expect(impliedRateLine('100', '108.50', en, { from: 'EUR', to: 'USD' })).toBe(
      '1 EUR = 1.085 USD',
    );
    expect(impliedRateLine('1.000', '2,043', de, { from: 'JPY', to: 'KWD' })).toBe(
      '1 JPY = 0.002043 KWD',
    );
  });

  it('says nothing while either amount cannot be read', () => {
    expect(impliedRateLine('', '108.50', en, { from: 'EUR', to: 'USD' })).toBeNull();
    expect(impliedRateLine('100', '1.5', en, { from: 'EUR', to: 'JPY' })).toBeNull();
  });
});
