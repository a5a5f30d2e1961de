/**
 * A line's name written at its last point, so which line is whose never rests on colour alone
 * (docs/analytics.md#colours); the legend under the chart says it again. Recharts calls it once
 * per point: it writes only at the last one.
 */
export function lineEndLabel(name: string, lastIndex: number) {
  function LineEndLabel(props: { x?: number | string; y?: number | string; index?: number }) {
    if (props.index !== lastIndex) return <g />;
    return (
      <text
        x={Number(props.x)}
        y={Number(props.y)}
        dy={-8}
        textAnchor="end"
        fill="var(--foreground)"
        fontSize={12}
        data-line-label={name}
      >
        {name}
      </text>
    );
  }
  return LineEndLabel;
}
