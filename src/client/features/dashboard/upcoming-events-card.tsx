import { Link } from '@tanstack/react-router';
import { Card, CardTitle } from '../../components/ui/card.js';
import { useToday } from '../../lib/book.js';
import { GoalCard } from './goal-card.js';
import { useGoals } from './goals-api.js';

/**
 * The spec's Upcoming Events: the person's own goals (docs/budgets.md#goals), this month's
 * progress of each in the book's time zone, or where to set one.
 */
export function UpcomingEventsCard() {
  const month = useToday().slice(0, 7);
  const goals = useGoals(month);
  return (
    <Card className="space-y-4" data-testid="upcoming-events">
      <CardTitle>Upcoming Events</CardTitle>
      {goals.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your goals…</p>
      ) : goals.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your goals could not be loaded.
        </p>
      ) : goals.data.goals.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No goals yet. Give a category a goal on the{' '}
          <Link to="/budget" className="underline underline-offset-2">
            Budget
          </Link>{' '}
          page and it shows here.
        </p>
      ) : (
        <ul aria-label="Your goals" className="space-y-3">
          {goals.data.goals.map((goal) => (
            <GoalCard key={goal.categoryId} goal={goal} currency={goals.data.currency} />
          ))}
        </ul>
      )}
    </Card>
  );
}
