import { toast } from 'sonner';
import { z } from 'zod';
import {
  CATEGORY_ICONS,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  categoryGroupNameSchema,
  categoryNameSchema,
  type Category,
  type CategoryGroup,
  type CategoryIcon as IconName,
} from '../../../shared/schemas/category.js';
import { CATEGORY_GROUP_NAME_MAX, CATEGORY_NAME_MAX } from '../../../shared/limits.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import {
  useCreateCategory,
  useCreateGroup,
  useDeleteCategory,
  useUpdateCategory,
  useUpdateGroup,
} from './api.js';
import { CategoryIcon } from './category-icon.js';

const ICON_OPTIONS = CATEGORY_ICONS.map((icon) => ({
  value: icon,
  label: icon.replace(/-\d+$/, '').replaceAll('-', ' '),
}));

/** The shared name check (trimmed, "Name is required"); icon and colour come from pickers. */
const categoryFormSchema = z.object({
  name: categoryNameSchema,
  icon: z.string(),
  color: z.string(),
});

/** The name field of both dialogs: focused first, its message ("Name is required") under it. */
const NAME_FIELD = { label: 'Name', autoFocus: true, showsError: true };

/** Create a category in a group, or edit one: name, icon and colour. */
export function CategoryDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: CategoryGroup;
  category?: Category;
}) {
  const { category } = props;
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { form, field, formProps, pending } = useAppForm({
    check: { schema: categoryFormSchema },
    defaultValues: {
      name: category?.name ?? '',
      icon: category?.icon ?? DEFAULT_CATEGORY_ICON,
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    },
    request: ({ name, icon, color }) => {
      if (!category) {
        const input = { groupId: props.group.id, name, icon: icon as IconName, color };
        return keyedRequest(input, create.mutateAsync);
      }
      const changes = {
        ...(name !== category.name ? { name } : {}),
        ...(icon !== category.icon ? { icon: icon as IconName } : {}),
        ...(color !== category.color ? { color } : {}),
      };
      if (Object.keys(changes).length === 0) return { unchanged: true };
      const input = { id: category.id, ...changes };
      return keyedRequest(input, update.mutateAsync);
    },
    success: category ? 'Category updated' : 'Category created',
    failure: category ? 'Failed to update category' : 'Failed to create category',
    onDone: () => props.onOpenChange(false),
  });
  const [icon, color] = form.watch(['icon', 'color']);

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={category ? 'Edit category' : 'New category'}
      description={`In ${props.group.name}.`}
    >
      <form {...formProps}>
        <TextField {...field('name')} {...NAME_FIELD} maxLength={CATEGORY_NAME_MAX} />
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <FormSelect {...field('icon')} label="Icon" placeholder="Icon" options={ICON_OPTIONS} />
          </div>
          <CategoryIcon icon={icon} color={color} />
        </div>
        <TextField {...field('color')} label="Colour" type="color" inputClassName="h-10 w-20 p-1" />
        <SubmitButton pending={pending} pendingLabel="Saving">
          {category ? 'Save category' : 'Add category'}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

const KIND_OPTIONS = [
  { value: 'spending', label: 'Spending' },
  { value: 'income', label: 'Income' },
];

/** Create a group (name and kind), or rename one. */
export function GroupDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group?: CategoryGroup;
}) {
  const { group } = props;
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const { field, formProps, pending } = useAppForm({
    check: {
      schema: z.object({ name: categoryGroupNameSchema, kind: z.enum(['spending', 'income']) }),
    },
    defaultValues: { name: group?.name ?? '', kind: group?.kind ?? 'spending' },
    request: ({ name, kind }) => {
      if (!group) {
        const input = { name, kind };
        return keyedRequest(input, create.mutateAsync);
      }
      if (name === group.name) return { unchanged: true };
      const input = { id: group.id, name };
      return keyedRequest(input, update.mutateAsync);
    },
    success: group ? 'Group renamed' : 'Group created',
    failure: group ? 'Failed to rename group' : 'Failed to create group',
    onDone: () => props.onOpenChange(false),
  });

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={group ? 'Rename group' : 'New group'}
    >
      <form {...formProps}>
        <TextField {...field('name')} {...NAME_FIELD} maxLength={CATEGORY_GROUP_NAME_MAX} />
        {!group && (
          <FormSelect {...field('kind')} label="Kind" placeholder="Kind" options={KIND_OPTIONS} />
        )}
        <SubmitButton pending={pending} pendingLabel="Saving">
          {group ? 'Rename group' : 'Add group'}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

const UNCATEGORISED = '';

/** Deleting a category asks where its entries go: another category, or uncategorised. */
export function DeleteCategoryDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category;
  groups: CategoryGroup[];
}) {
  const remove = useDeleteCategory();
  const options = [
    { value: UNCATEGORISED, label: 'Leave them uncategorised' },
    ...props.groups.flatMap((group) =>
      group.categories
        .filter((other) => other.id !== props.category.id && !other.archived)
        .map((other) => ({ value: other.id, label: `${group.name}: ${other.name}` })),
    ),
  ];
  const { field, submit, pending } = useAppForm({
    check: { schema: z.object({ target: z.string() }) },
    defaultValues: { target: UNCATEGORISED },
    request: ({ target }) => {
      const input = { id: props.category.id, ...(target ? { reassignTo: target } : {}) };
      return keyedRequest(input, remove.mutateAsync);
    },
    success: ({ moved }) =>
      toast.success(
        moved > 0
          ? `Category deleted; ${moved} ${moved === 1 ? 'entry' : 'entries'} moved`
          : 'Category deleted',
      ),
    failure: 'Failed to delete category',
    onDone: () => props.onOpenChange(false),
  });

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`Delete ${props.category.name}?`}
      description="Its transactions and split lines keep their amounts; choose where they go."
    >
      <div className="space-y-4">
        <FormSelect
          {...field('target')}
          label="Move its transactions to"
          placeholder="Leave them uncategorised"
          options={options}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={() => void submit()}>
            {pending && <Spinner className="h-4 w-4" label="Deleting" />}
            Delete category
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
