import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardTitle } from '../../components/ui/card.js';
import type { PairPoint } from './pair-series.js';

// Colours of the analytics charts (features/analytics/chart-card.ts): the theme's own variables.
const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const GRID_STROKE = 'var(--border)';
const TOOLTIP_STYLE = {
  backgroundColor: 'var(--card)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--foreground)',
};

/**
 * The chart of one pair over the days loaded (docs/rates.md#the-rates-page), loaded lazily with
 * recharts when a pair is chosen. The line's height is the rate read as a number, for drawing
 * only; the sentence above it and the tooltip quote the stored text, and the table stays exact.
 */
export default function RateChart(props: { pair: string; points: PairPoint[] }) {
  const first = props.points[0];
  const last = props.points.at(-1);
  if (!first || !last) return null;
  return (
    <Card>
      <section aria-label={`${props.pair} over time`} className="flex flex-col gap-4">
        <CardTitle>{props.pair} over time</CardTitle>
        <p className="text-sm" data-testid="rate-chart-summary">
          {first === last
            ? `${props.pair}: ${first.rate} on ${first.day}, the only day loaded.`
            : `${props.pair} went from ${first.rate} on ${first.day} to ${last.rate} on ${last.day} (${props.points.length} days loaded).`}
        </p>
        <div className="h-64 min-w-0 overflow-hidden" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              accessibilityLayer={false}
              data={props.points.map((point) => ({ ...point, value: Number(point.rate) }))}
            >
              <CartesianGrid stroke={GRID_STROKE} vertical={false} />
              <XAxis dataKey="day" tick={AXIS_TICK} stroke={GRID_STROKE} minTickGap={24} />
              <YAxis domain={['auto', 'auto']} tick={AXIS_TICK} stroke={GRID_STROKE} width={64} />
              <Tooltip
                contentStyle={TOOLTIP_STYLE}
                formatter={(_value, _name, item) => [(item.payload as PairPoint).rate, props.pair]}
              />
              <Line
                dataKey="value"
                stroke="var(--foreground)"
                strokeWidth={2}
                dot={props.points.length < 40}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </section>
    </Card>
  );
}
