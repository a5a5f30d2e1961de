import { describe, expect, it } from 'vitest';
import { readTypedMoneyAt, type NumberMarks } from '../../../shared/typed-amount.js';
import { EMPTY_ASSIGNED, assignedEditText, decideAssign } from './assign-text.js';

const US: NumberMarks = { decimal: '.', group: ',', secondaryGroupSize: 3 };
const DE: NumberMarks = { decimal: ',', group: '.', secondaryGroupSize: 3 };
const usd = (text: string, marks = US) => readTypedMoneyAt(text, marks, 'USD', 2);

describe('the Assigned cell', () => {
  it('sends a new amount in minor units, read in the locale', () => {
    expect(decideAssign(usd('1,250.50'), 0n)).toEqual({ kind: 'send', minorUnits: 125050n });
    expect(decideAssign(usd('1.250,50', DE), 0n)).toEqual({ kind: 'send', minorUnits: 125050n });
    expect(decideAssign(usd('0'), 500n)).toEqual({ kind: 'send', minorUnits: 0n });
  });

  it('sends nothing for the same amount', () => {
    expect(decideAssign(usd('5.00'), 500n)).toEqual({ kind: 'unchanged' });
    expect(decideAssign(usd('5'), 500n)).toEqual({ kind: 'unchanged' });
  });

  it('refuses what it cannot read, and empty text, without guessing', () => {
    const tooPrecise = usd('12.345');
    expect(tooPrecise.kind).toBe('unreadable');
    expect(decideAssign(tooPrecise, 0n)).toEqual({
      kind: 'problem',
      message: tooPrecise.kind === 'unreadable' ? tooPrecise.message : '',
    });
    expect(decideAssign(usd('1,25'), 0n).kind).toBe('problem');
    expect(decideAssign(usd('12a'), 0n).kind).toBe('problem');
    expect(decideAssign(usd('-5'), 0n).kind).toBe('problem');
    expect(decideAssign(usd('  '), 0n)).toEqual({ kind: 'problem', message: EMPTY_ASSIGNED });
  });

  it('writes figures for editing with their sign and the currency decimals', () => {
    expect(assignedEditText(125050n, US, 2)).toBe('1250.50');
    expect(assignedEditText(125050n, DE, 2)).toBe('1250,50');
    expect(assignedEditText(-1200n, US, 2)).toBe('-12.00');
    expect(assignedEditText(1500n, US, 0)).toBe('1500');
  });
});
