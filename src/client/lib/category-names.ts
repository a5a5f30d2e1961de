import type { CategoryGroup } from '../../shared/schemas/category.js';

/**
 * id -> name of every category of the book, from the categories list's envelope: the `select`
 * of the lists that show an entry's category by name (dashboard, account, expenses).
 */
export function categoryNamesOf(envelope: { data: CategoryGroup[] }): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of envelope.data) {
    for (const category of group.categories) names.set(category.id, category.name);
  }
  return names;
}
