import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import { recategorizeEntries } from '../ledger/index.js';
import { CATEGORIES_PER_BOOK_MAX } from '../../../shared/limits.js';
import {
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  REASSIGN_TO_SELF,
  type Category,
  type CategoryGroup,
  type CreateCategoryGroupInput,
  type CreateCategoryInput,
  type DeleteCategoryInput,
  type ReorderCategoriesInput,
  type ReorderCategoryGroupsInput,
  type UpdateCategoryGroupInput,
  type UpdateCategoryInput,
} from '../../../shared/schemas/category.js';
import {
  countCategories,
  countGroupCategories,
  countGroups,
  deleteCategory,
  deleteGroup,
  findCategory,
  findCategoryByName,
  findGroup,
  findGroupByName,
  insertCategory,
  insertGroup,
  listCategories,
  listGroups,
  lockBookCategories,
  setPositions,
  updateCategory,
  updateGroup,
  type CategoryGroupRow,
  type CategoryRow,
} from './category-repository.js';

// Categories in groups (docs/ledger.md#categories): names unique per book (groups) and per group
// (categories) ignoring case, a cap per book, deleting a category moves its entries.

export const groupNameTaken = (name: string) => `A category group named "${name}" already exists`;
export const categoryNameTaken = (name: string) =>
  `A category named "${name}" already exists in this group`;
export const GROUP_NOT_EMPTY = 'This group still has categories; move or delete them first';
export const GROUP_ORDER_MISMATCH = 'groupIds must list every group of the book exactly once';
export const CATEGORY_ORDER_MISMATCH =
  'categoryIds must list every category of the group exactly once';
export const CATEGORY_LIMIT_REACHED = `You can have at most ${CATEGORIES_PER_BOOK_MAX} categories. Delete one to add another.`;
export const GROUP_LIMIT_REACHED = `You can have at most ${CATEGORIES_PER_BOOK_MAX} category groups. Delete one to add another.`;

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    kind: row.kind,
    icon: row.icon,
    color: row.color,
    position: row.position,
    archived: row.archived_at !== null,
  };
}

function toGroup(row: CategoryGroupRow, categories: readonly CategoryRow[]): CategoryGroup {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    position: row.position,
    archived: row.archived_at !== null,
    categories: categories.filter((c) => c.group_id === row.id).map(toCategory),
  };
}

/** A unique index refused the row: two requests raced past the name check. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Runs a write whose only unique-index refusal can be the name; that becomes `conflict`. */
async function nameGuarded<T>(write: () => Promise<T>, conflict: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', conflict);
    throw error;
  }
}

export async function listBookCategories(db: DbOrTx, bookId: string): Promise<CategoryGroup[]> {
  const [groups, categories] = await Promise.all([
    listGroups(db, bookId),
    listCategories(db, bookId),
  ]);
  return groups.map((group) => toGroup(group, categories));
}

async function groupWithCategories(
  db: DbOrTx,
  bookId: string,
  group: CategoryGroupRow,
): Promise<CategoryGroup> {
  const categories = (await listCategories(db, bookId)).filter((c) => c.group_id === group.id);
  return toGroup(group, categories);
}

async function requireGroup(db: DbOrTx, bookId: string, id: string, lock = false) {
  const group = await findGroup(db, bookId, id, lock);
  if (!group) throw notFound(MESSAGES.categoryGroupNotFound);
  return group;
}

async function requireCategory(db: DbOrTx, bookId: string, id: string, lock = false) {
  const category = await findCategory(db, bookId, id, lock);
  if (!category) throw notFound(MESSAGES.categoryNotFound);
  return category;
}

export function createCategoryGroup(
  db: DbOrTx,
  bookId: string,
  input: CreateCategoryGroupInput,
): Promise<CategoryGroup> {
  return inTransaction(db, async (trx) => {
    await lockBookCategories(trx, bookId);
    if (await findGroupByName(trx, bookId, input.name)) {
      throw new AppError('CONFLICT', groupNameTaken(input.name));
    }
    if ((await countGroups(trx, bookId)) >= CATEGORIES_PER_BOOK_MAX) {
      throw new AppError('UNPROCESSABLE', GROUP_LIMIT_REACHED);
    }
    const row = await nameGuarded(
      () => insertGroup(trx, { bookId, name: input.name, kind: input.kind }),
      groupNameTaken(input.name),
    );
    return toGroup(row, []);
  });
}

export function updateCategoryGroup(
  db: DbOrTx,
  bookId: string,
  input: UpdateCategoryGroupInput,
): Promise<CategoryGroup> {
  return inTransaction(db, async (trx) => {
    const current = await requireGroup(trx, bookId, input.id, true);
    if (input.name === undefined && input.archived === undefined) {
      return groupWithCategories(trx, bookId, current);
    }
    if (input.name !== undefined) {
      const clash = await findGroupByName(trx, bookId, input.name);
      if (clash && clash.id !== input.id) {
        throw new AppError('CONFLICT', groupNameTaken(input.name));
      }
    }
    const row = await nameGuarded(
      () => updateGroup(trx, bookId, input.id, input),
      groupNameTaken(input.name ?? ''),
    );
    if (!row) throw notFound(MESSAGES.categoryGroupNotFound);
    return groupWithCategories(trx, bookId, row);
  });
}

/** Deletes an empty group; one that still holds categories (archived ones too) is a 409. */
export function deleteCategoryGroup(db: DbOrTx, bookId: string, id: string): Promise<void> {
  return inTransaction(db, async (trx) => {
    await requireGroup(trx, bookId, id, true);
    if ((await countGroupCategories(trx, bookId, id)) > 0) {
      throw new AppError('CONFLICT', GROUP_NOT_EMPTY);
    }
    await deleteGroup(trx, bookId, id);
  });
}

/** Ids that name each of `expected` exactly once, in any order. */
function isPermutation(ids: readonly string[], expected: readonly string[]): boolean {
  const wanted = new Set(expected);
  return (
    ids.length === wanted.size &&
    new Set(ids).size === ids.length &&
    ids.every((id) => wanted.has(id))
  );
}

export function reorderCategoryGroups(
  db: DbOrTx,
  bookId: string,
  input: ReorderCategoryGroupsInput,
): Promise<CategoryGroup[]> {
  return inTransaction(db, async (trx) => {
    await lockBookCategories(trx, bookId);
    const groups = await listGroups(trx, bookId);
    const known = new Set(groups.map((g) => g.id));
    if (input.groupIds.some((id) => !known.has(id))) {
      throw notFound(MESSAGES.categoryGroupNotFound);
    }
    if (!isPermutation(input.groupIds, [...known])) {
      throw new AppError('CONFLICT', GROUP_ORDER_MISMATCH);
    }
    await setPositions(trx, 'category_groups', bookId, input.groupIds);
    return listBookCategories(trx, bookId);
  });
}

export function createBookCategory(
  db: DbOrTx,
  bookId: string,
  input: CreateCategoryInput,
): Promise<Category> {
  return inTransaction(db, async (trx) => {
    await lockBookCategories(trx, bookId);
    await requireGroup(trx, bookId, input.groupId);
    if (await findCategoryByName(trx, bookId, input.groupId, input.name)) {
      throw new AppError('CONFLICT', categoryNameTaken(input.name));
    }
    if ((await countCategories(trx, bookId)) >= CATEGORIES_PER_BOOK_MAX) {
      throw new AppError('UNPROCESSABLE', CATEGORY_LIMIT_REACHED);
    }
    const id = await nameGuarded(
      () =>
        insertCategory(trx, {
          bookId,
          groupId: input.groupId,
          name: input.name,
          icon: input.icon ?? DEFAULT_CATEGORY_ICON,
          color: (input.color ?? DEFAULT_CATEGORY_COLOR).toLowerCase(),
        }),
      categoryNameTaken(input.name),
    );
    return toCategory(await requireCategory(trx, bookId, id));
  });
}

/** Rename, icon, colour, move to another group (to its end), archive or unarchive. */
export function updateBookCategory(
  db: DbOrTx,
  bookId: string,
  input: UpdateCategoryInput,
): Promise<Category> {
  return inTransaction(db, async (trx) => {
    const current = await requireCategory(trx, bookId, input.id, true);
    const groupId = input.groupId ?? current.group_id;
    if (input.groupId !== undefined && input.groupId !== current.group_id) {
      await lockBookCategories(trx, bookId);
      await requireGroup(trx, bookId, input.groupId);
    }
    const name = input.name ?? current.name;
    const clash = await findCategoryByName(trx, bookId, groupId, name);
    if (clash && clash.id !== input.id) throw new AppError('CONFLICT', categoryNameTaken(name));
    await nameGuarded(
      () =>
        updateCategory(trx, bookId, input.id, {
          name: input.name,
          icon: input.icon,
          color: input.color?.toLowerCase(),
          groupId: input.groupId !== current.group_id ? input.groupId : undefined,
          archived: input.archived,
        }),
      categoryNameTaken(name),
    );
    return toCategory(await requireCategory(trx, bookId, input.id));
  });
}

export function reorderBookCategories(
  db: DbOrTx,
  bookId: string,
  input: ReorderCategoriesInput,
): Promise<CategoryGroup> {
  return inTransaction(db, async (trx) => {
    await lockBookCategories(trx, bookId);
    const group = await requireGroup(trx, bookId, input.groupId);
    const all = await listCategories(trx, bookId);
    const ofBook = new Set(all.map((c) => c.id));
    if (input.categoryIds.some((id) => !ofBook.has(id))) {
      throw notFound(MESSAGES.categoryNotFound);
    }
    const known = new Set(all.filter((c) => c.group_id === group.id).map((c) => c.id));
    if (!isPermutation(input.categoryIds, [...known])) {
      throw new AppError('CONFLICT', CATEGORY_ORDER_MISMATCH);
    }
    await setPositions(trx, 'categories', bookId, input.categoryIds);
    return groupWithCategories(trx, bookId, group);
  });
}

/**
 * Deletes a category; its entries and split lines move to `reassignTo` (or become
 * uncategorised) in the same transaction, recorded as one 'category-delete' change.
 */
export function deleteBookCategory(
  db: DbOrTx,
  ctx: { bookId: string; actorId: string },
  input: DeleteCategoryInput,
): Promise<{ moved: number; changeId: string | null }> {
  return inTransaction(db, async (trx) => {
    await requireCategory(trx, ctx.bookId, input.id, true);
    if (input.reassignTo !== undefined) {
      await requireCategory(trx, ctx.bookId, input.reassignTo);
      if (input.reassignTo === input.id) throw new AppError('VALIDATION_ERROR', REASSIGN_TO_SELF);
    }
    const moved = await recategorizeEntries(trx, {
      bookId: ctx.bookId,
      actorId: ctx.actorId,
      categoryId: input.id,
      reassignTo: input.reassignTo ?? null,
    });
    await deleteCategory(trx, ctx.bookId, input.id);
    return moved;
  });
}
