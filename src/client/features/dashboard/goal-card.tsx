import { CalendarDays } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { cn } from '../../lib/cn.js';
import { formatMoney } from '../../lib/format.js';
import type { GoalStatus } from '../../../shared/schemas/budget.js';

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
};

const STATUS_CLASSES: Record<GoalStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  'in-progress': 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
};

/** A goal as the dashboard draws it: the category's, with what it is for and how far along. */
export interface GoalView {
  categoryId: string;
  name: string;
  groupName: string;
  kind: 'monthly' | 'by-date' | 'refill';
  amount: number;
  /** 'YYYY-MM' of a by-date goal. */
  targetMonth: string | null;
  needed: number;
  funded: number;
  status: GoalStatus;
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** "Dec 2026" for '2026-12', read as that month itself (no time zone can move it). */
export function formatGoalMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' }).format(
    new Date(year, monthNumber - 1, 1),
  );
}

/** What a goal asks, in words: "By Dec 2026", "Every month", "Refill up to it". */
function goalKindText(goal: GoalView): string {
  if (goal.kind === 'by-date' && goal.targetMonth !== null) {
    return `By ${formatGoalMonth(goal.targetMonth)}`;
  }
  return goal.kind === 'monthly' ? 'Every month' : 'Refill up to it';
}

export function goalPercent(goal: Pick<GoalView, 'funded' | 'amount'>): number {
  return goal.amount > 0 ? Math.floor((goal.funded / goal.amount) * 100) : 0;
}

/** One of the person's goals: what, when, how much, and how far along. */
export function GoalCard({ goal, currency }: { goal: GoalView; currency: string }) {
  const percent = goalPercent(goal);
  return (
    <li className="space-y-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-medium">{goal.name}</h3>
          <p className="text-sm text-muted-foreground">{goal.groupName}</p>
        </div>
        <Badge className={cn('shrink-0', STATUS_CLASSES[goal.status])}>
          {GOAL_STATUS_LABELS[goal.status]}
        </Badge>
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <CalendarDays className="h-4 w-4" aria-hidden />
          {goalKindText(goal)}
        </span>
        <span className="font-semibold tabular-nums">{formatMoney(goal.amount, currency)}</span>
      </div>
      <div className="space-y-1">
        <ProgressBar value={percent} label={`${goal.name} progress`} />
        <p className="text-xs text-muted-foreground">
          {percent}% there
          {goal.needed > 0 && ` · ${formatMoney(goal.needed, currency)} still needed this month`}
        </p>
      </div>
    </li>
  );
}
