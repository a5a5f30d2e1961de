import { ChevronDown } from 'lucide-react';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { cn } from '../../lib/cn.js';

/** The select's value for "no category" (uncategorised), as the list filter also spells it. */
export const UNCATEGORISED = 'none';

/**
 * A category picker: the browser's own select with one group per category group (docs/
 * accessibility.md: native selects). Archived categories are left out, unless it is the one
 * already chosen, so an old entry still shows its category.
 */
export function CategorySelect(props: {
  id?: string;
  ariaLabel?: string;
  value: string;
  onChange: (value: string) => void;
  groups: CategoryGroup[];
  /** The first option: "Uncategorised" in a form, "All categories" in a filter. */
  emptyOption: { value: string; label: string };
  /** A filter also offers "Uncategorised" after "All categories". */
  offerUncategorised?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('relative', props.className)}>
      <select
        id={props.id}
        aria-label={props.ariaLabel}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="h-10 w-full cursor-pointer appearance-none rounded-md border border-border bg-background pr-9 pl-3 text-sm"
      >
        <option value={props.emptyOption.value}>{props.emptyOption.label}</option>
        {props.offerUncategorised && <option value={UNCATEGORISED}>Uncategorised</option>}
        {props.groups.map((group) => {
          const shown = group.categories.filter(
            (category) => !category.archived || category.id === props.value,
          );
          if (shown.length === 0) return null;
          return (
            <optgroup
              key={group.id}
              label={`${group.name}${group.kind === 'income' ? ' (income)' : ''}`}
            >
              {shown.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
