import { CalendarDays } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { formatDate, formatMoney } from '../../lib/format.js';
import { GOAL_STATUS_LABELS, type GoalStatus, type SampleGoal } from './sample-goals.js';

const STATUS_CLASSES: Record<GoalStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  'in-progress': 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
};

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

/** One sample goal, marked as one: what, when, how much, and how far along. */
export function GoalCard({ goal, detailsNoteId }: { goal: SampleGoal; detailsNoteId: string }) {
  return (
    <li className="space-y-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">Sample goal</p>
          <h3 className="truncate font-medium">{goal.title}</h3>
          <p className="text-sm text-muted-foreground">{goal.subtitle}</p>
        </div>
        <Badge className={cn('shrink-0', STATUS_CLASSES[goal.status])}>
          {GOAL_STATUS_LABELS[goal.status]}
        </Badge>
      </div>
      <div className="flex items-center justify-between text-sm">
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <CalendarDays className="h-4 w-4" aria-hidden />
          <time dateTime={goal.date}>{formatDate(goal.date)}</time>
        </span>
        <span className="font-semibold tabular-nums">{formatMoney(goal.amount)}</span>
      </div>
      <div className="space-y-1">
        <ProgressBar value={goal.progress} label={`${goal.title} progress`} />
        <p className="text-xs text-muted-foreground">{goal.progress}% complete</p>
      </div>
      <Button variant="outline" size="sm" disabled aria-describedby={detailsNoteId}>
        View Details
      </Button>
    </li>
  );
}
