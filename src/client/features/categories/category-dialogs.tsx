import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CATEGORY_ICONS,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  type Category,
  type CategoryGroup,
  type CategoryIcon as IconName,
} from '../../../shared/schemas/category.js';
import { CATEGORY_GROUP_NAME_MAX, CATEGORY_NAME_MAX } from '../../../shared/limits.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { Spinner } from '../../components/ui/spinner.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import {
  useCreateCategory,
  useCreateGroup,
  useDeleteCategory,
  useUpdateCategory,
  useUpdateGroup,
} from './api.js';
import { CategoryIcon } from './category-icon.js';
import { SelectField } from '../../components/forms/select-field.js';

const ICON_OPTIONS = CATEGORY_ICONS.map((icon) => ({
  value: icon,
  label: icon.replace(/-\d+$/, '').replaceAll('-', ' '),
}));

/** Create a category in a group, or edit one: name, icon and colour. */
export function CategoryDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: CategoryGroup;
  category?: Category;
}) {
  const id = useId();
  const { category } = props;
  const [name, setName] = useState(category?.name ?? '');
  const [icon, setIcon] = useState<string>(category?.icon ?? DEFAULT_CATEGORY_ICON);
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const submission = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Name is required');
    setProblem(null);
    try {
      if (category) {
        const changes = {
          ...(trimmed !== category.name ? { name: trimmed } : {}),
          ...(icon !== category.icon ? { icon: icon as IconName } : {}),
          ...(color !== category.color ? { color } : {}),
        };
        if (Object.keys(changes).length === 0) {
          screenToast.info('No changes to update.');
          return;
        }
        await update.mutateAsync({ id: category.id, ...changes });
        toast.success('Category updated');
      } else {
        const input = { groupId: props.group.id, name: trimmed, icon: icon as IconName, color };
        const done = await submission.run(input, (idempotencyKey) =>
          create.mutateAsync({ ...input, idempotencyKey }),
        );
        if (!done) return;
        toast.success('Category created');
      }
      props.onOpenChange(false);
    } catch (error) {
      showFailure(error, category ? 'Failed to update category' : 'Failed to create category');
    }
  }

  const pending = submission.pending || update.isPending;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={category ? 'Edit category' : 'New category'}
      description={`In ${props.group.name}.`}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            autoFocus
            maxLength={CATEGORY_NAME_MAX}
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-problem`}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${id}-problem`} message={problem} />
        </div>
        <div className="flex items-end gap-3">
          <div className="flex-1 space-y-2">
            <Label htmlFor={`${id}-icon`}>Icon</Label>
            <Select
              id={`${id}-icon`}
              ariaLabel="Icon"
              placeholder="Icon"
              value={icon}
              onValueChange={setIcon}
              options={ICON_OPTIONS}
            />
          </div>
          <CategoryIcon icon={icon} color={color} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-color`}>Colour</Label>
          <Input
            id={`${id}-color`}
            type="color"
            className="h-10 w-20 p-1"
            value={color}
            onChange={(event) => setColor(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending && <Spinner className="h-4 w-4" label="Saving" />}
          {category ? 'Save category' : 'Add category'}
        </Button>
      </form>
    </Dialog>
  );
}

/** Create a group (name and kind), or rename one. */
export function GroupDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group?: CategoryGroup;
}) {
  const id = useId();
  const { group } = props;
  const [name, setName] = useState(group?.name ?? '');
  const [kind, setKind] = useState<'spending' | 'income'>(group?.kind ?? 'spending');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const submission = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Name is required');
    setProblem(null);
    try {
      if (group) {
        if (trimmed === group.name) {
          screenToast.info('No changes to update.');
          return;
        }
        await update.mutateAsync({ id: group.id, name: trimmed });
        toast.success('Group renamed');
      } else {
        const input = { name: trimmed, kind };
        const done = await submission.run(input, (idempotencyKey) =>
          create.mutateAsync({ ...input, idempotencyKey }),
        );
        if (!done) return;
        toast.success('Group created');
      }
      props.onOpenChange(false);
    } catch (error) {
      showFailure(error, group ? 'Failed to rename group' : 'Failed to create group');
    }
  }

  const pending = submission.pending || update.isPending;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={group ? 'Rename group' : 'New group'}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            autoFocus
            maxLength={CATEGORY_GROUP_NAME_MAX}
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-problem`}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${id}-problem`} message={problem} />
        </div>
        {!group && (
          <div className="space-y-2">
            <Label htmlFor={`${id}-kind`}>Kind</Label>
            <Select
              id={`${id}-kind`}
              ariaLabel="Kind"
              placeholder="Kind"
              value={kind}
              onValueChange={(value) => setKind(value as 'spending' | 'income')}
              options={[
                { value: 'spending', label: 'Spending' },
                { value: 'income', label: 'Income' },
              ]}
            />
          </div>
        )}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending && <Spinner className="h-4 w-4" label="Saving" />}
          {group ? 'Rename group' : 'Add group'}
        </Button>
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
  const id = useId();
  const [target, setTarget] = useState(UNCATEGORISED);
  const remove = useDeleteCategory();
  const options = [
    { value: UNCATEGORISED, label: 'Leave them uncategorised' },
    ...props.groups.flatMap((group) =>
      group.categories
        .filter((other) => other.id !== props.category.id && !other.archived)
        .map((other) => ({ value: other.id, label: `${group.name}: ${other.name}` })),
    ),
  ];

  async function confirm() {
    try {
      const answer = await remove.mutateAsync({
        id: props.category.id,
        ...(target ? { reassignTo: target } : {}),
      });
      const moved = answer.moved;
      toast.success(
        moved > 0
          ? `Category deleted; ${moved} ${moved === 1 ? 'entry' : 'entries'} moved`
          : 'Category deleted',
      );
      props.onOpenChange(false);
    } catch (error) {
      showFailure(error, 'Failed to delete category');
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`Delete ${props.category.name}?`}
      description="Its transactions and split lines keep their amounts; choose where they go."
    >
      <div className="space-y-4">
        <SelectField
          id={`${id}-target`}
          label="Move its transactions to"
          placeholder="Leave them uncategorised"
          value={target}
          onValueChange={setTarget}
          options={options}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending && <Spinner className="h-4 w-4" label="Deleting" />}
            Delete category
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
