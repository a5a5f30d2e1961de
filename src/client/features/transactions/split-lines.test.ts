import { describe, expect, it } from 'vitest';
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
