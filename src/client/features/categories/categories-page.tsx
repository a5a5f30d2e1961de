import { useState } from 'react';
import { toast } from 'sonner';
import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Category, CategoryGroup } from '../../../shared/schemas/category.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { showFailure } from '../../lib/screen-toast.js';
import {
  useDeleteGroup,
  useReorderCategories,
  useReorderGroups,
  useUpdateCategory,
  useUpdateGroup,
} from './api.js';
import { CategoryDialog, DeleteCategoryDialog, GroupDialog } from './category-dialogs.js';
import { CategoryIcon } from './category-icon.js';
import { moved } from './reorder.js';
import { useCategoryGroups } from '../../lib/categories.js';

function fail(error: unknown, fallback: string) {
  showFailure(error, fallback);
}

type Dialogs =
  | { kind: 'group'; group?: CategoryGroup }
  | { kind: 'category'; group: CategoryGroup; category?: Category }
  | { kind: 'delete'; category: Category }
  | null;

function MoveButtons(props: {
  name: string;
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
  disabled: boolean;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${props.name} up`}
        disabled={props.disabled || props.index === 0}
        onClick={() => props.onMove(-1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${props.name} down`}
        disabled={props.disabled || props.index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}

function GroupCard(props: {
  group: CategoryGroup;
  index: number;
  count: number;
  onMoveGroup: (step: -1 | 1) => void;
  reordering: boolean;
  open: (dialog: Dialogs) => void;
}) {
  const { group } = props;
  const updateGroup = useUpdateGroup();
  const deleteGroup = useDeleteGroup();
  const updateCategory = useUpdateCategory();
  const reorder = useReorderCategories();
  const headingId = `group-${group.id}`;

  const archiveGroup = () =>
    updateGroup
      .mutateAsync({ id: group.id, archived: !group.archived })
      .then(() => toast.success(group.archived ? 'Group restored' : 'Group archived'))
      .catch((error: unknown) => fail(error, 'Failed to update group'));
  const removeGroup = () =>
    deleteGroup
      .mutateAsync({ id: group.id })
      .then(() => toast.success('Group deleted'))
      .catch((error: unknown) => fail(error, 'Failed to delete group'));
  const archiveCategory = (category: Category) =>
    updateCategory
      .mutateAsync({ id: category.id, archived: !category.archived })
      .then(() => toast.success(category.archived ? 'Category restored' : 'Category archived'))
      .catch((error: unknown) => fail(error, 'Failed to update category'));
  const moveCategory = (index: number, step: -1 | 1) => {
    const ids = moved(
      group.categories.map((category) => category.id),
      index,
      step,
    );
    if (!ids) return;
    reorder
      .mutateAsync({ groupId: group.id, categoryIds: ids })
      .catch((error: unknown) => fail(error, 'Failed to reorder categories'));
  };

  return (
    <Card className="min-w-0 space-y-3" data-testid="category-group">
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
            {group.name}
          </h2>
          <Badge>{group.kind === 'income' ? 'Income' : 'Spending'}</Badge>
          {group.archived && <Badge>Archived</Badge>}
        </div>
        <div className="flex flex-wrap gap-1">
          <MoveButtons
            name={group.name}
            index={props.index}
            count={props.count}
            onMove={props.onMoveGroup}
            disabled={props.reordering}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Rename ${group.name}`}
            onClick={() => props.open({ kind: 'group', group })}
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${group.archived ? 'Restore' : 'Archive'} ${group.name}`}
            onClick={() => void archiveGroup()}
          >
            {group.archived ? (
              <ArchiveRestore className="h-4 w-4" aria-hidden />
            ) : (
              <Archive className="h-4 w-4" aria-hidden />
            )}
          </Button>
          {group.categories.length === 0 && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${group.name}`}
              onClick={() => void removeGroup()}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
        {group.categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories in this group yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {group.categories.map((category, index) => (
              <li key={category.id} className="flex flex-wrap items-center gap-2 py-2">
                <CategoryIcon icon={category.icon} color={category.color} />
                <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                  {category.name}
                  {category.archived && (
                    <span className="ml-2 text-xs text-muted-foreground">(archived)</span>
                  )}
                </span>
                <span className="flex">
                  <MoveButtons
                    name={category.name}
                    index={index}
                    count={group.categories.length}
                    onMove={(step) => moveCategory(index, step)}
                    disabled={reorder.isPending}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => props.open({ kind: 'category', group, category })}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${category.archived ? 'Restore' : 'Archive'} ${category.name}`}
                    onClick={() => void archiveCategory(category)}
                  >
                    {category.archived ? (
                      <ArchiveRestore className="h-4 w-4" aria-hidden />
                    ) : (
                      <Archive className="h-4 w-4" aria-hidden />
                    )}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${category.name}`}
                    onClick={() => props.open({ kind: 'delete', category })}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" size="sm" onClick={() => props.open({ kind: 'category', group })}>
          <Plus className="h-4 w-4" aria-hidden />
          Add category to {group.name}
        </Button>
      </section>
    </Card>
  );
}

/** /categories: groups with their categories; create, rename, reorder, archive, delete. */
export function CategoriesPage() {
  const list = useCategoryGroups();
  const reorderGroups = useReorderGroups();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const groups = list.data ?? [];
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const moveGroup = (index: number, step: -1 | 1) => {
    const ids = moved(
      groups.map((group) => group.id),
      index,
      step,
    );
    if (!ids) return;
    reorderGroups
      .mutateAsync({ groupIds: ids })
      .catch((error: unknown) => fail(error, 'Failed to reorder groups'));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Categories</h1>
          <p className="text-sm text-muted-foreground">
            Groups of spending and income categories for your transactions.
          </p>
        </div>
        <Button onClick={() => setDialog({ kind: 'group' })}>
          <Plus className="h-4 w-4" aria-hidden />
          New group
        </Button>
      </div>
      {list.isPending ? (
        <PageSpinner label="Loading categories" />
      ) : list.isError ? (
        <QueryError query={list} fallback="Could not load your categories." />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {groups.map((group, index) => (
            <GroupCard
              key={group.id}
              group={group}
              index={index}
              count={groups.length}
              onMoveGroup={(step) => moveGroup(index, step)}
              reordering={reorderGroups.isPending}
              open={setDialog}
            />
          ))}
        </div>
      )}
      {dialog?.kind === 'group' && <GroupDialog open onOpenChange={close} group={dialog.group} />}
      {dialog?.kind === 'category' && (
        <CategoryDialog open onOpenChange={close} group={dialog.group} category={dialog.category} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteCategoryDialog
          open
          onOpenChange={close}
          category={dialog.category}
          groups={groups}
        />
      )}
    </div>
  );
}
