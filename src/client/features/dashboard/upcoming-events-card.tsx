import { useId } from 'react';
import { Badge } from '../../components/ui/badge.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { GoalCard } from './goal-card.js';
import { SAMPLE_GOALS } from './sample-goals.js';

/**
 * The spec's Upcoming Events: goals are not built, so the goals shown are made-up samples, and
 * the card says so. A new person (docs/product.md#first-run-guide) sees no samples at all: with
 * nothing of their own on the dashboard yet, made-up goals would pass for theirs.
 */
export function UpcomingEventsCard({ showSamples }: { showSamples: boolean }) {
  const noteId = useId();
  return (
    <Card className="space-y-4" data-testid="upcoming-events">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>Upcoming Events</CardTitle>
        {showSamples && <Badge>Sample data</Badge>}
      </div>
      {showSamples ? (
        <>
          <p id={noteId} className="text-sm text-muted-foreground">
            Goals are not yet available. These goals are made-up samples, not yours.
          </p>
          <ul aria-label="Sample goals" className="space-y-3">
            {SAMPLE_GOALS.map((goal) => (
              <GoalCard key={goal.id} goal={goal} detailsNoteId={noteId} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Goals are not yet available. When they are, your own goals will show here.
        </p>
      )}
    </Card>
  );
}
