import { useId } from 'react';
import { Badge } from '../../components/ui/badge.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { GoalCard } from './goal-card.js';
import { SAMPLE_GOALS } from './sample-goals.js';

/** Sample goals only: the product has no goals or events yet, and the card says so. */
export function UpcomingEventsCard() {
  const noteId = useId();
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>Upcoming Events</CardTitle>
        <Badge>Sample data</Badge>
      </div>
      <p id={noteId} className="text-sm text-muted-foreground">
        These goals are examples; tracking your own goals is coming soon.
      </p>
      <ul className="space-y-3">
        {SAMPLE_GOALS.map((goal) => (
          <GoalCard key={goal.id} goal={goal} detailsNoteId={noteId} />
        ))}
      </ul>
    </Card>
  );
}
