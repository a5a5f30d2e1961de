import { forwardRef, useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { SEARCH_QUERY_MAX, TAG_MAX } from '../../../shared/limits.js';
import { amountEditText, readAmountBound } from '../../components/forms/typed-amounts.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { CategorySelect } from '../../components/widgets/category-select.js';
import { parseTransactionSearch, type TransactionSearch } from './transaction-search.js';

/** Search words are sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 250;
const ALL = 'all';

const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  { value: 'expense', label: 'Expenses' },
  { value: 'withdraw', label: 'Withdrawals' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'transfer', label: 'Transfers' },
];

const SORT_OPTIONS = [
  { value: 'date_desc', label: 'Newest first' },
  { value: 'date_asc', label: 'Oldest first' },
  { value: 'amount_desc', label: 'Largest amount first' },
  { value: 'amount_asc', label: 'Smallest amount first' },
];

/** Text typed in a box, applied (debounced) when it pauses; a new URL value replaces it. */
function useDebouncedText(value: string, apply: (text: string) => void) {
  const [text, setText] = useState(value);
  const [pending, setPending] = useState(false);
  // A new value from the URL (Back, Clear filters) replaces the text unless typing is under way:
  // adjusted while rendering, as React recommends, rather than in an effect.
  const [shown, setShown] = useState(value);
  if (value !== shown && !pending) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      apply(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pending, apply]);
  return {
    text,
    change(next: string) {
      setText(next);
      setPending(true);
    },
  };
}

/** The search box: searched as you type (debounced); `/` focuses it. */
export const SearchBox = forwardRef<
  HTMLInputElement,
  { value: string; onSearch: (q: string) => void }
>(function SearchBox({ value, onSearch }, ref) {
  const box = useDebouncedText(value, onSearch);
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        ref={ref}
        type="search"
        aria-label="Search transactions"
        placeholder="Search description, payee, category, tags..."
        className="pl-9"
        maxLength={SEARCH_QUERY_MAX}
        value={box.text}
        onChange={(event) => box.change(event.target.value)}
      />
    </div>
  );
});

/**
 * A field whose text becomes a filter when it is applied (Enter, leaving it, or for a date,
 * picking one). `read` says what the text filters by, or why it cannot: then the filter stays as
 * it was and the reason shows under the field, and the text stays as typed.
 */
function BoundInput(props: {
  label: string;
  type: 'text' | 'date';
  /** The filter's value as text for the field. */
  value: string;
  read: (text: string) => { value: string | number | undefined } | { problem: string };
  onApply: (value: string | number | undefined) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  const [problem, setProblem] = useState<string | null>(null);
  if (props.value !== shown) {
    setShown(props.value);
    setText(props.value);
    setProblem(null);
  }
  const apply = (typed: string) => {
    const read = props.read(typed);
    if ('problem' in read) return setProblem(read.problem);
    setProblem(null);
    props.onApply(read.value);
  };
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={props.type}
        inputMode={props.type === 'text' ? 'decimal' : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (props.type === 'date') apply(event.target.value);
        }}
        onBlur={() => apply(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(text);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      <FieldError id={errorId} message={problem} />
    </div>
  );
}

/** An amount bound as typed in the person's locale (lib/typed-amounts.ts). */
function readBound(text: string): { value: number | undefined } | { problem: string } {
  const bound = readAmountBound(text);
  return 'problem' in bound ? bound : { value: bound.units ?? undefined };
}

const readDate = (text: string) => ({ value: text || undefined });
const boundText = (units: number | undefined) => (units === undefined ? '' : amountEditText(units));

/**
 * The filters of the view: account, category (or uncategorised), tag, type, amount range, date
 * range, and the sort. Each change becomes the URL (parsed back through the same rules), so a
 * view can be bookmarked and Back returns to the previous one.
 */
export function TransactionFilters(props: {
  search: TransactionSearch;
  onChange: (next: TransactionSearch) => void;
  accounts: Account[];
  groups: CategoryGroup[];
  tags: string[];
}) {
  const id = useId();
  const { search } = props;
  const set = (patch: Record<string, unknown>) =>
    props.onChange(parseTransactionSearch({ ...search, ...patch }));
  const tag = useDebouncedText(search.tag ?? '', (text) => set({ tag: text || undefined }));

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="space-y-1">
        <Label htmlFor={`${id}-account`}>Account</Label>
        <Select
          id={`${id}-account`}
          ariaLabel="Account"
          placeholder="All accounts"
          value={search.account ?? ALL}
          onValueChange={(value) => set({ account: value === ALL ? undefined : value })}
          options={[
            { value: ALL, label: 'All accounts' },
            ...props.accounts.map((account) => ({ value: account.id, label: account.title })),
          ]}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <CategorySelect
          id={`${id}-category`}
          value={search.category ?? ALL}
          onChange={(value) => set({ category: value === ALL ? undefined : value })}
          groups={props.groups}
          emptyOption={{ value: ALL, label: 'All categories' }}
          offerUncategorised
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select
          id={`${id}-type`}
          ariaLabel="Type"
          placeholder="All types"
          value={search.type ?? ALL}
          onValueChange={(value) => set({ type: value === ALL ? undefined : value })}
          options={TYPE_OPTIONS}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-tag`}>Tag</Label>
        <Input
          id={`${id}-tag`}
          list={`${id}-tags`}
          autoComplete="off"
          maxLength={TAG_MAX}
          placeholder="Any tag"
          value={tag.text}
          onChange={(event) => tag.change(event.target.value)}
        />
        <datalist id={`${id}-tags`}>
          {props.tags.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <BoundInput
        label="Minimum amount"
        type="text"
        value={boundText(search.min)}
        read={readBound}
        onApply={(value) => set({ min: value })}
      />
      <BoundInput
        label="Maximum amount"
        type="text"
        value={boundText(search.max)}
        read={readBound}
        onApply={(value) => set({ max: value })}
      />
      <BoundInput
        label="From date"
        type="date"
        value={search.from ?? ''}
        read={readDate}
        onApply={(value) => set({ from: value })}
      />
      <BoundInput
        label="To date"
        type="date"
        value={search.to ?? ''}
        read={readDate}
        onApply={(value) => set({ to: value })}
      />
      <div className="space-y-1">
        <Label htmlFor={`${id}-sort`}>Sort</Label>
        <Select
          id={`${id}-sort`}
          ariaLabel="Sort"
          placeholder="Newest first"
          value={search.sort ?? 'date_desc'}
          onValueChange={(value) => set({ sort: value })}
          options={SORT_OPTIONS}
        />
      </div>
      <div className="flex items-end">
        <Button
          variant="outline"
          className="w-full"
          onClick={() => props.onChange(search.entry ? { entry: search.entry } : {})}
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}
