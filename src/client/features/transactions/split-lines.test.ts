import { describe, expect, it } from 'vitest';
import { displayCurrency } from '../../lib/display-currency.js';
import { remainderText, splitRemainder, type SplitDraftLine } from './split-lines.js';

const line = (amountText: string): SplitDraftLine => ({
  key: amountText,
  categoryId: '',
  amountText,
  note: '',
});

describe('the split remainder', () => {
  it('counts in exact cents: 0.10 + 0.20 of 0.30 is fully assigned', () => {
    expect(splitRemainder('0.3', [line('0.1'), line('0.2')])).toEqual({
      cents: 0n,
      text: 'Fully assigned',
      balanced: true,
    });
  });

  it('says what is left and what is too much', () => {
    expect(splitRemainder('100', [line('33.33'), line('33.33')])).toMatchObject({
      cents: 3334n,
      text: '$33.34 left to assign',
      balanced: false,
    });
    expect(splitRemainder('1000', [line('999.99'), line('1.02')])).toMatchObject({
      cents: -101n,
      text: '$1.01 too much',
      balanced: false,
    });
  });

  it('is never balanced while a line is not an amount, nor without a total', () => {
    expect(splitRemainder('10', [line('10'), line('')]).balanced).toBe(false);
    expect(splitRemainder('', [line('1'), line('2')])).toMatchObject({
      cents: null,
      balanced: false,
    });
  });

  it('writes the remainder as a line amount without separators', () => {
    expect(remainderText(123456n)).toBe('1234.56');
    expect(remainderText(5n)).toBe('0.05');
  });
});

describe('the split remainder in the entry’s currency', () => {
  const JPY = displayCurrency('JPY');
  const KWD = displayCurrency('KWD');

  it('counts in the currency’s minor units and says it with its code', () => {
    expect(splitRemainder('1000', [line('700')], JPY)).toMatchObject({
      cents: 300n,
      text: '300 JPY left to assign',
      balanced: false,
    });
    expect(splitRemainder('1', [line('0.333'), line('0.667')], KWD)).toMatchObject({
      cents: 0n,
      text: 'Fully assigned',
      balanced: true,
    });
    expect(splitRemainder('1', [line('0.5'), line('0.5005')], KWD)).toMatchObject({
      balanced: false,
    });
    expect(splitRemainder('10', [line('6'), line('5')], JPY).text).toBe('1 JPY too much');
  });

  it('never counts a line with more decimals than the currency has', () => {
    expect(splitRemainder('10', [line('9.5'), line('0.5')], JPY).balanced).toBe(false);
  });

  it('writes the remainder in the currency’s decimals', () => {
    expect(remainderText(300n, JPY)).toBe('300');
    expect(remainderText(1500n, KWD)).toBe('1.500');
  });
});
