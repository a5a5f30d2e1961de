import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { NativeSelect } from '../ui/select.js';

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
    <NativeSelect
      id={props.id}
      ariaLabel={props.ariaLabel}
      value={props.value}
      onChange={props.onChange}
      className={props.className}
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
    </NativeSelect>
  );
}
