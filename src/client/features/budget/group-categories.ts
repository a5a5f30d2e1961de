import type { BudgetCategory } from '../../../shared/schemas/budget.js';

export interface BudgetGroup {
  groupId: string;
  groupName: string;
  categories: BudgetCategory[];
}

/** The month's categories under their groups, in the order the API lists them. */
export function groupCategories(categories: readonly BudgetCategory[]): BudgetGroup[] {
  const groups = new Map<string, BudgetGroup>();
  for (const category of categories) {
    let group = groups.get(category.groupId);
    if (!group) {
      group = { groupId: category.groupId, groupName: category.groupName, categories: [] };
      groups.set(category.groupId, group);
    }
    group.categories.push(category);
  }
  return [...groups.values()];
}
