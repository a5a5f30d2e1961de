import { describe, expect, it } from 'vitest';
import type { BudgetCategory } from '../../../shared/schemas/budget.js';
import { groupCategories } from './group-categories.js';

const category = (categoryId: string, groupId: string, groupName: string): BudgetCategory => ({
  categoryId,
  name: categoryId,
  groupId,
  groupName,
  archived: false,
  carriedIn: 0,
  assigned: 0,
  activity: 0,
  available: 0,
  rollover: { rule: 'surplus', cap: null },
  overspent: false,
  goal: null,
});

describe('groupCategories', () => {
  it('keeps the order of groups and of categories in each', () => {
    const groups = groupCategories([
      category('rent', 'g1', 'Home'),
      category('food', 'g2', 'Daily'),
      category('power', 'g1', 'Home'),
    ]);
    expect(groups.map((g) => [g.groupName, g.categories.map((c) => c.categoryId)])).toEqual([
      ['Home', ['rent', 'power']],
      ['Daily', ['food']],
    ]);
  });
});
