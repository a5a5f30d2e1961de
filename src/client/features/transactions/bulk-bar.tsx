import { useId, useState } from 'react';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { Button } from '../../components/ui/button.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useBulkCategorize, useUndo } from './api.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';

const CHOOSE = '';

/**
 * What can be done with the selected rows at once: give them one category (one change, undone
 * as one), or delete them (asked first, by the page).
 */
export function BulkBar(props: {
  ids: string[];
  /** The selected entries the page has loaded: one shared description offers "Create rule". */
  entries: readonly { description: string; payee: string }[];
  groups: CategoryGroup[];
  onDelete: () => void;
  onClear: () => void;
}) {
  const id = useId();
  const [categoryId, setCategoryId] = useState(CHOOSE);
  const categorize = useBulkCategorize();
  const undo = useUndo();
  const ruleOffer = useRuleOffer();
  const count = props.ids.length;

  async function apply() {
    if (categoryId === CHOOSE) return;
    const chosen = categoryId === UNCATEGORISED ? null : categoryId;
    // Only a selection of one description suggests a rule (every row would match it).
    const [first] = props.entries;
    const oneText =
      first !== undefined &&
      props.entries.length === count &&
      props.entries.every((entry) => entry.description === first.description);
    try {
      const answer = await categorize.mutateAsync({ ids: props.ids, categoryId: chosen });
      toastWithUndo(
        `${answer.count} ${answer.count === 1 ? 'transaction' : 'transactions'} re-categorised`,
        answer.changeId,
        undo,
        oneText ? ruleOffer(first, chosen) : undefined,
      );
      props.onClear();
    } catch (error) {
      showFailure(error, 'Failed to re-categorise');
    }
  }

  return (
    <section
      aria-label="Selected transactions"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-muted p-3"
    >
      <p className="self-center text-sm font-medium" aria-live="polite">
        {count} selected
      </p>
      <div className="min-w-48 flex-1 space-y-1">
        <Label htmlFor={`${id}-category`}>New category</Label>
        <CategorySelect
          id={`${id}-category`}
          value={categoryId}
          onChange={setCategoryId}
          groups={props.groups}
          emptyOption={{ value: CHOOSE, label: 'Choose a category' }}
          offerUncategorised
        />
      </div>
      <Button disabled={categoryId === CHOOSE || categorize.isPending} onClick={() => void apply()}>
        {categorize.isPending && <Spinner className="h-4 w-4" label="Saving" />}
        Re-categorise
      </Button>
      <Button variant="destructive" onClick={props.onDelete}>
        Delete selected
      </Button>
      <Button variant="outline" onClick={props.onClear}>
        Clear selection
      </Button>
    </section>
  );
}
