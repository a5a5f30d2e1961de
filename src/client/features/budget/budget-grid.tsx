import { useRef } from 'react';
import {
  ArrowLeftRight,
  Goal,
  HelpCircle,
  MoreVertical,
  Repeat,
  ShieldAlert,
  TriangleAlert,
} from 'lucide-react';
import type { BudgetCard, BudgetCategory, BudgetMonth } from '../../../shared/schemas/budget.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/overlays/dropdown-menu.js';
import { Button } from '../../components/ui/button.js';
import { Money } from '../../components/ui/money.js';
import { STICKY_CELL } from '../../components/ui/table.js';
import { cn } from '../../lib/cn.js';
import type { DisplayCurrency } from '../../lib/format.js';
import { AssignedCell } from './assigned-cell.js';
import { goalLine } from './budget-words.js';
import { CARD_GROUP_NAME, envelopeAsCategory, notCovered } from './card-envelopes.js';
import { groupCategories } from './group-categories.js';

/** What a category's menu opens. */
export type CategoryAction = 'move' | 'cover' | 'rollover' | 'goal' | 'explain';

/** Opens a dialog for a category; focus goes back to `opener` when it closes. */
export type OpenCategoryAction = (
  action: CategoryAction,
  category: BudgetCategory,
  opener: HTMLElement | null,
) => void;

const CELL = 'px-3 py-1.5 align-top';
const FIGURE = `${CELL} text-right whitespace-nowrap`;

function CategoryMenu({
  category,
  envelope,
  onAction,
}: {
  category: BudgetCategory;
  /** A card's payment envelope: it always carries all it holds and has no goal. */
  envelope: boolean;
  onAction: OpenCategoryAction;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const open = (action: CategoryAction) => onAction(action, category, trigger.current);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="h-8 w-8 shrink-0"
          aria-label={`Actions for ${category.name}`}
        >
          <MoreVertical className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" label={`Actions for ${category.name}`}>
        <DropdownMenuItem onSelect={() => open('move')}>
          <ArrowLeftRight className="h-4 w-4" aria-hidden /> Move money
        </DropdownMenuItem>
        {category.overspent && (
          <DropdownMenuItem onSelect={() => open('cover')}>
            <ShieldAlert className="h-4 w-4" aria-hidden /> Cover overspending
          </DropdownMenuItem>
        )}
        {!envelope && (
          <>
            <DropdownMenuItem onSelect={() => open('rollover')}>
              <Repeat className="h-4 w-4" aria-hidden /> Rollover rule
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('goal')}>
              <Goal className="h-4 w-4" aria-hidden /> Goal
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem onSelect={() => open('explain')}>
          <HelpCircle className="h-4 w-4" aria-hidden /> Explain this number
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Under an envelope's name: what the card owes, and how much of it no envelope money covers. */
function CardLine({ card, currency }: { card: BudgetCard; currency: DisplayCurrency }) {
  const short = notCovered(card, currency);
  return (
    <span className="block text-xs text-muted-foreground">
      {card.owed === null ? (
        'No longer moves money: envelopes are off, or the card is gone'
      ) : card.owed > 0 ? (
        <>
          Card owes <Money amount={card.owed} currency={currency} />
          {short > 0 && (
            <>
              {'; '}
              <Money amount={short} currency={currency} /> not covered
            </>
          )}
        </>
      ) : (
        'Nothing owed on the card'
      )}
    </span>
  );
}

function CategoryRow({
  month,
  category,
  card,
  currency,
  onAction,
}: {
  month: string;
  category: BudgetCategory;
  /** Set when the row is a card's payment envelope. */
  card?: BudgetCard;
  currency: DisplayCurrency;
  onAction: OpenCategoryAction;
}) {
  return (
    <tr data-category={category.name} data-overspent={category.overspent || undefined}>
      <th scope="row" className={cn(CELL, 'text-left font-normal')}>
        <div className="flex items-start gap-1">
          <CategoryMenu category={category} envelope={card !== undefined} onAction={onAction} />
          <span className="min-w-0 pt-1.5 break-words">
            {category.name}
            {category.archived && card === undefined && (
              <span className="ml-1 text-xs text-muted-foreground">(archived)</span>
            )}
            {card !== undefined && <CardLine card={card} currency={currency} />}
            {category.goal !== null && (
              <span className="block text-xs text-muted-foreground">
                {goalLine(category.goal, currency)}
              </span>
            )}
          </span>
        </div>
      </th>
      <td className={cn(CELL, 'text-right')}>
        <AssignedCell month={month} category={category} currency={currency} />
      </td>
      <td className={cn(FIGURE, 'pt-3')}>
        <Money amount={category.activity} currency={currency} />
      </td>
      <td className={cn(FIGURE, STICKY_CELL, 'pt-3')}>
        <Money
          amount={category.available}
          currency={currency}
          className={cn('font-medium', category.overspent && 'text-destructive')}
        />
        {category.overspent && (
          <span className="mt-0.5 flex items-center justify-end gap-1 text-xs font-medium text-destructive">
            <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
            Overspent
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * The month's grid: Category | Assigned | Activity | Available, the spending categories under
 * their groups, totals at the foot. The Available column stays in view at the right edge while
 * the grid scrolls sideways on a phone; the grid scrolls inside its own labelled region.
 */
export function BudgetGrid({
  budget,
  monthName,
  currency,
  onAction,
}: {
  budget: BudgetMonth;
  monthName: string;
  currency: DisplayCurrency;
  onAction: OpenCategoryAction;
}) {
  const groups = groupCategories(budget.categories);
  const head = 'px-3 py-2 font-medium';
  return (
    <div
      role="region"
      aria-label={`Budget for ${monthName}`}
      className="overflow-x-auto rounded-xl border border-border bg-card"
    >
      <table className="w-full min-w-[30rem] text-sm">
        <caption className="sr-only">
          Budget for {monthName}: assigned, activity and available by category
        </caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={cn(head, 'text-left')}>
              Category
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Assigned
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              Activity
            </th>
            <th scope="col" className={cn(head, 'text-right', STICKY_CELL, 'bg-muted')}>
              Available
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.groupId} className="divide-y divide-border border-t border-border">
            <tr>
              <th
                scope="colgroup"
                colSpan={4}
                className="bg-muted/40 px-3 py-1.5 text-left text-xs font-semibold tracking-wide uppercase"
              >
                {group.groupName}
              </th>
            </tr>
            {group.categories.map((category) => (
              <CategoryRow
                key={category.categoryId}
                month={budget.month}
                category={category}
                currency={currency}
                onAction={onAction}
              />
            ))}
          </tbody>
        ))}
        {budget.cards.length > 0 && (
          <tbody className="divide-y divide-border border-t border-border">
            <tr>
              <th
                scope="colgroup"
                colSpan={4}
                className="bg-muted/40 px-3 py-1.5 text-left text-xs font-semibold tracking-wide uppercase"
              >
                {CARD_GROUP_NAME}
              </th>
            </tr>
            {budget.cards.map((card) => (
              <CategoryRow
                key={card.accountId}
                month={budget.month}
                category={envelopeAsCategory(card, currency)}
                card={card}
                currency={currency}
                onAction={onAction}
              />
            ))}
          </tbody>
        )}
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" className={cn(CELL, 'py-2 text-left')}>
              Total{budget.cards.length > 0 && ' of the categories'}
            </th>
            <td className={cn(FIGURE, 'py-2')}>
              <Money amount={budget.totals.assigned} currency={currency} />
            </td>
            <td className={cn(FIGURE, 'py-2')}>
              <Money amount={budget.totals.activity} currency={currency} />
            </td>
            <td className={cn(FIGURE, STICKY_CELL, 'py-2')}>
              <Money amount={budget.totals.available} currency={currency} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
