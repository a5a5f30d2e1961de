import { describe, expect, it } from 'vitest';
import { actionSentence, actionWho, canUndo, placeName, rolloverShort } from './budget-words.js';

const names = new Map([
  ['1', 'Groceries'],
  ['2', 'Rent'],
]);
const money = (units: number) => `$${units.toFixed(2)}`;
const row = {
  kind: 'assign' as const,
  categoryId: '1' as string | null,
  fromCategoryId: null as string | null,
  amount: 50,
  rollover: null,
};

describe('budget words', () => {
  it('says assignments both ways', () => {
    expect(actionSentence(row, names, money)).toBe('Assigned $50.00 to Groceries');
    expect(actionSentence({ ...row, amount: -20 }, names, money)).toBe(
      'Took $20.00 back from Groceries to To assign',
    );
  });

  it('says moves between categories and To assign, in the way the money went', () => {
    const move = { ...row, kind: 'move' as const, fromCategoryId: '2', amount: 12.5 };
    expect(actionSentence(move, names, money)).toBe('Moved $12.50 from Rent to Groceries');
    expect(actionSentence({ ...move, amount: -12.5 }, names, money)).toBe(
      'Moved $12.50 from Groceries to Rent',
    );
    expect(actionSentence({ ...move, categoryId: null }, names, money)).toBe(
      'Moved $12.50 from Rent to To assign',
    );
  });

  it('says covers, holds, rules and undos', () => {
    expect(
      actionSentence({ ...row, kind: 'cover', fromCategoryId: null, amount: 8 }, names, money),
    ).toBe('Covered $8.00 of overspending in Groceries from To assign');
    expect(
      actionSentence({ ...row, kind: 'hold', categoryId: null, amount: 100 }, names, money),
    ).toBe('Held $100.00 for next month');
    expect(
      actionSentence({ ...row, kind: 'hold', categoryId: null, amount: -100 }, names, money),
    ).toBe('Released $100.00 held for next month');
    expect(
      actionSentence(
        { ...row, kind: 'rollover', amount: 0, rollover: { rule: 'capped', cap: 50 } },
        names,
        money,
      ),
    ).toBe('Changed the rollover rule of Groceries: it carries over up to $50.00');
    expect(actionSentence({ ...row, kind: 'undo' }, names, money)).toBe('Undid an earlier change');
  });

  it('names places and people', () => {
    expect(placeName(null, names)).toBe('To assign');
    expect(placeName('9', names)).toBe('a category no longer listed');
    expect(actionWho({ userId: 'u', email: 'me@example.com' }, 'me@example.com')).toBe('You');
    expect(actionWho({ userId: 'v', email: 'them@example.com' }, 'me@example.com')).toBe(
      'them@example.com',
    );
    expect(actionWho(null, 'me@example.com')).toBe('A former member');
  });

  it('offers Undo only for rows that still count, undos included', () => {
    expect(canUndo({ counts: true, undoneById: null })).toBe(true);
    expect(canUndo({ counts: false, undoneById: '7' })).toBe(false);
  });

  it('says rules in a few words', () => {
    expect(rolloverShort('none', null)).toBe('starts every month at 0');
    expect(rolloverShort('capped', '$5.00')).toBe('carries over up to $5.00');
  });
});
