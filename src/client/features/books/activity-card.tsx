import { useId, useState } from 'react';
import type { ActivityItem } from '../../../shared/schemas/activity.js';
import { ACTIVITY_AREAS, type ActivityArea } from '../../../shared/live-updates.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { Label } from '../../components/ui/label.js';
import { NativeSelect } from '../../components/ui/select.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { displayLocale, formatDate } from '../../lib/format.js';
import { useActivity, useMembers } from './api.js';
import { AREA_LABELS, activityDid, activityWho } from './activity-words.js';

/** A select's "everyone" / "everywhere" value (a select cannot hold undefined). */
const ALL = '';

/** "05 Mar, 2026 14:05": the day as every date of the app, the time in the person's locale. */
function when(at: string): string {
  const time = new Date(at).toLocaleTimeString(displayLocale(), {
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDate(at)} ${time}`;
}

function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-40 space-y-2 sm:max-w-64">
      <Label htmlFor={id}>{props.label}</Label>
      <NativeSelect id={id} value={props.value} onChange={props.onChange}>
        <option value={ALL}>{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

const AREA_OPTIONS = ACTIVITY_AREAS.map((area) => ({ value: area, label: AREA_LABELS[area] }));

/**
 * The book's activity on /organization: who changed what, and when, newest first, narrowed to
 * a member and an area, a page at a time. Every member may read it.
 */
export function ActivityCard() {
  const members = useMembers();
  const [member, setMember] = useState(ALL);
  const [area, setArea] = useState(ALL);
  // A member chosen here who has since left is no longer a filter the server accepts (404).
  const memberId = members.data?.some((m) => m.userId === member) ? member : undefined;
  const activity = useActivity({
    ...(memberId && { memberId }),
    ...(area !== ALL && { area: area as ActivityArea }),
  });
  const me = members.data?.find((m) => m.you)?.userId;
  const filtered = memberId !== undefined || area !== ALL;
  return (
    <Card id="activity" className="space-y-3">
      <CardTitle>Activity</CardTitle>
      <p className="text-sm text-muted-foreground">
        What the members of this book changed, newest first. It follows changes as they happen.
      </p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Show the activity of</legend>
        <FilterSelect
          label="Member"
          value={memberId ?? ALL}
          onChange={setMember}
          all="All members"
          options={(members.data ?? []).map((m) => ({
            value: m.userId,
            label: m.you ? `${m.email} (you)` : m.email,
          }))}
        />
        <FilterSelect
          label="Area"
          value={area}
          onChange={setArea}
          all="All areas"
          options={AREA_OPTIONS}
        />
      </fieldset>
      {activity.isError ? (
        <QueryError query={activity} fallback="Failed to load the activity" />
      ) : !activity.data ? (
        <PageSpinner />
      ) : activity.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {filtered ? 'No changes match these filters.' : 'No changes yet.'}
        </p>
      ) : (
        <>
          <ul aria-label="Activity of this book" className="divide-y divide-border">
            {activity.data.map((item) => (
              <ActivityRow key={item.id} item={item} me={me} />
            ))}
          </ul>
          {activity.hasNextPage && (
            <Button
              variant="outline"
              disabled={activity.isFetchingNextPage}
              onClick={() => void activity.fetchNextPage()}
            >
              {activity.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function ActivityRow({ item, me }: { item: ActivityItem; me: string | undefined }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium">{activityWho(item, me)}</span> {activityDid(item)}
      </span>
      <time dateTime={item.at} className="whitespace-nowrap text-muted-foreground">
        {when(item.at)}
      </time>
    </li>
  );
}
