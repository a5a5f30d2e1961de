import { useId } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { ACCOUNT_SORTS, isAccountSort, type AccountSort } from './account-list-view.js';

/** Search box and sort order for the accounts grid. */
export function AccountsToolbar(props: {
  search: string;
  onSearch: (search: string) => void;
  sort: AccountSort;
  onSort: (sort: AccountSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Label htmlFor={`${id}-search`} className="sr-only">
          Search accounts
        </Label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Search accounts..."
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="sm:w-56">
        <Label htmlFor={`${id}-sort`} className="sr-only">
          Sort by
        </Label>
        <Select
          id={`${id}-sort`}
          ariaLabel="Sort by"
          placeholder="Sort by"
          value={props.sort}
          onValueChange={(value) => isAccountSort(value) && props.onSort(value)}
          options={[...ACCOUNT_SORTS]}
        />
      </div>
    </div>
  );
}
