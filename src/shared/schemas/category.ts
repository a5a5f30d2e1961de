import { z } from 'zod';
import { CATEGORY_GROUP_NAME_MAX, CATEGORY_NAME_MAX, CATEGORIES_PER_BOOK_MAX } from '../limits.js';
import { categoryGroupIdSchema, categoryIdSchema, envelope, NO_NUL } from './common.js';

/**
 * Categories in groups (docs/ledger.md#categories). A category's kind is its group's: spending
 * or income. Any entry may carry any category; the web app suggests the matching kind.
 */
export const CATEGORY_KINDS = ['spending', 'income'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** The icons a category may have: names of the web app's icon set (lucide). */
export const CATEGORY_ICONS = [
  'tag',
  'shopping-cart',
  'utensils',
  'coffee',
  'house',
  'zap',
  'wrench',
  'fuel',
  'bus',
  'car',
  'shirt',
  'laptop',
  'sofa',
  'pill',
  'stethoscope',
  'dumbbell',
  'film',
  'plane',
  'repeat',
  'smartphone',
  'wifi',
  'shield',
  'briefcase',
  'piggy-bank',
  'gift',
  'undo-2',
  'baby',
  'book',
  'graduation-cap',
  'heart',
  'paw-print',
  'music',
  'gamepad-2',
  'train-front',
  'bike',
  'landmark',
  'receipt',
  'wallet',
  'banknote',
  'hand-coins',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];
export const DEFAULT_CATEGORY_ICON: CategoryIcon = 'tag';
export const DEFAULT_CATEGORY_COLOR = '#64748b';

export const categorySchema = z
  .object({
    id: z.string(),
    groupId: z.string(),
    name: z.string(),
    kind: z.enum(CATEGORY_KINDS).meta({ description: "Its group's kind" }),
    icon: z.string(),
    color: z.string(),
    position: z.number().int(),
    archived: z.boolean().meta({ description: 'Hidden from pickers, kept on its entries' }),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoryGroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(CATEGORY_KINDS),
    position: z.number().int(),
    archived: z.boolean(),
    categories: z.array(categorySchema).meta({ description: 'In their order' }),
  })
  .meta({ id: 'CategoryGroup' });
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;

function nameSchema(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .regex(NO_NUL, { error: `${label} must not contain NUL characters` });
}

export const categoryNameSchema = nameSchema('Name', CATEGORY_NAME_MAX);
export const categoryGroupNameSchema = nameSchema('Name', CATEGORY_GROUP_NAME_MAX);

export const categoryIconSchema = z.enum(CATEGORY_ICONS, {
  error: 'Icon must be one of the category icons (see CategoryIcon)',
});

export const categoryColorSchema = z
  .string({ error: 'Color must be text' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Color must be a hex color like #10b981' });

/** GET /api/categories: every group of the book with its categories, archived ones flagged. */
export const categoryListOutput = envelope(z.array(categoryGroupSchema)).extend({
  order: z.array(z.string()).meta({
    description:
      'The ids of the groups, in order: the groupIds POST /api/category-groups/reorder takes',
  }),
});

/** POST /api/category-groups */
export const createCategoryGroupInput = z.object({
  name: categoryGroupNameSchema,
  kind: z.enum(CATEGORY_KINDS, { error: 'kind must be spending or income' }),
});
export type CreateCategoryGroupInput = z.infer<typeof createCategoryGroupInput>;

/**
 * PATCH /api/category-groups/{id}: rename, archive or unarchive. Sending neither changes nothing
 * and answers the group as it is (an unknown id is still a 404).
 */
export const updateCategoryGroupInput = z.object({
  id: categoryGroupIdSchema,
  name: categoryGroupNameSchema.optional(),
  archived: z.boolean({ error: 'archived must be true or false' }).optional(),
});
export type UpdateCategoryGroupInput = z.infer<typeof updateCategoryGroupInput>;

/** DELETE /api/category-groups/{id}: only an empty group (409 otherwise). */
export const categoryGroupIdInput = z.object({ id: categoryGroupIdSchema });

/** POST /api/category-groups/reorder: every group of the book, in its new order. */
export const reorderCategoryGroupsInput = z.object({
  groupIds: z
    .array(categoryGroupIdSchema, { error: 'groupIds must be a list of ids' })
    .min(1, { error: 'groupIds must not be empty' })
    .max(CATEGORIES_PER_BOOK_MAX, { error: `groupIds has at most ${CATEGORIES_PER_BOOK_MAX} ids` }),
});

export type ReorderCategoryGroupsInput = z.infer<typeof reorderCategoryGroupsInput>;

export const categoryGroupOutput = envelope(categoryGroupSchema);

/** POST /api/categories */
export const createCategoryInput = z.object({
  groupId: categoryGroupIdSchema,
  name: categoryNameSchema,
  icon: categoryIconSchema.optional(),
  color: categoryColorSchema.optional(),
});
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;

/** PATCH /api/categories/{id}: rename, icon, colour, move to another group, (un)archive. */
export const updateCategoryInput = z
  .object({
    id: categoryIdSchema,
    name: categoryNameSchema.optional(),
    icon: categoryIconSchema.optional(),
    color: categoryColorSchema.optional(),
    groupId: categoryGroupIdSchema.optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== 'id'), {
    error: 'Nothing to change: send at least one field',
  });
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;

/** POST /api/categories/reorder: the categories of one group, in their new order. */
export const reorderCategoriesInput = z.object({
  groupId: categoryGroupIdSchema,
  // Empty for a group without categories: every list is a valid order of itself.
  categoryIds: z
    .array(categoryIdSchema, { error: 'categoryIds must be a list of ids' })
    .max(CATEGORIES_PER_BOOK_MAX, {
      error: `categoryIds has at most ${CATEGORIES_PER_BOOK_MAX} ids`,
    }),
});

export type ReorderCategoriesInput = z.infer<typeof reorderCategoriesInput>;

/**
 * DELETE /api/categories/{id}?reassignTo=: its entries and split lines move to `reassignTo`
 * (another category of the book) or, left out, become uncategorised, in the same transaction.
 * reassignTo naming the category itself is a 400 (REASSIGN_TO_SELF), said once both are known to
 * exist: another book's id is a 404 first, whatever else the request says.
 */
export const deleteCategoryInput = z.object({
  id: categoryIdSchema,
  reassignTo: categoryIdSchema.optional().meta({
    description: 'Where its entries go: another category; left out, they become uncategorised',
  }),
});
export const REASSIGN_TO_SELF = 'reassignTo must be another category';
export type DeleteCategoryInput = z.infer<typeof deleteCategoryInput>;

export const categoryOutput = envelope(categorySchema);

/** The answer of a category delete: how many entries moved, and the change that moved them. */
export const deleteCategoryOutput = envelope(
  z.object({
    moved: z
      .number()
      .int()
      .meta({ description: 'Entries whose category, or a split line of which, was reassigned' }),
    changeId: z.string().nullable().meta({ description: 'null when no entry had to move' }),
  }),
);
