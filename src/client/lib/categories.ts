import type { CategoryGroup } from '../../shared/schemas/category.js';
import { unwrap } from './envelope.js';
import { trpc, type TrpcUtils } from './trpc.js';

/**
 * The book's categories (GET /api/categories) as every feature reads them: one cached list, so
 * the category page's changes (which invalidate it) show everywhere at once. Here rather than in
 * a feature, because features do not import each other (docs/client.md).
 */

const ALL = {};
const STALE_AFTER_MS = 60_000;

/** id -> name of every category, archived ones included (an entry or rule may still name one). */
export function categoryNames(groups: CategoryGroup[] | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of groups ?? []) {
    for (const category of group.categories) names.set(category.id, category.name);
  }
  return names;
}

/** Every category group of the book with its categories, in their order. */
export function useCategoryGroups() {
  return trpc.category.list.useQuery(ALL, { select: unwrap, staleTime: STALE_AFTER_MS });
}

// One function for the life of the page: TanStack Query runs `select` again whenever its
// reference changes, and a new Map on every render would re-render its readers without end.
const namesOf = (envelope: { data: CategoryGroup[] }) => categoryNames(envelope.data);

/** id -> name, for the lists that show an entry's category. */
export function useCategoryNames(): Map<string, string> | undefined {
  return trpc.category.list.useQuery(ALL, { select: namesOf, staleTime: STALE_AFTER_MS }).data;
}

/** Started by the loaders of the routes that show categories. */
export function prefetchCategoryGroups(utils: TrpcUtils): void {
  void utils.category.list.prefetch(ALL);
}
