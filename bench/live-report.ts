/** Prints the live-updates measurement (bench/live-bench.ts) with its targets, PASS or FAIL. */
import { percentile } from './stats.js';

/** The product's promise: open screens update within two seconds. */
export const NOTICE_P99_TARGET_MS = 2_000;

export interface LiveGroup {
  /** e.g. "connections on instance 2 (the writes' notices cross by NOTIFY)". */
  name: string;
  /** One latency per notice received: from sending the write to receiving its `change`. */
  latenciesMs: number[];
  /** Notices that should have arrived: writes acknowledged x connections in the group. */
  expected: number;
}

export interface LiveReport {
  engine: string;
  /** How the connections and writes were arranged, printed as the section's title. */
  setup: string;
  connections: number;
  /** Every connection, then any subsets of them. */
  groups: LiveGroup[];
  writes: { sent: number; acknowledged: number; p50Ms: number; p99Ms: number };
  /** Notices whose id matched no write of the run, or came twice on one connection. */
  unexpected: number;
  elapsedSeconds: number;
}

function row(g: LiveGroup): string {
  const received = g.latenciesMs.length;
  const stat = (p: number) => (received === 0 ? '-' : percentile(g.latenciesMs, p).toFixed(1));
  return [
    g.name.padEnd(66),
    stat(50).padStart(8),
    stat(99).padStart(8),
    (received === 0 ? '-' : Math.max(...g.latenciesMs).toFixed(1)).padStart(9),
    String(received).padStart(9),
    String(g.expected).padStart(9),
  ].join(' ');
}

/** Prints the section and returns whether its targets were met. */
export function printLiveReport(report: LiveReport): boolean {
  const all = report.groups[0];
  if (!all) throw new Error('A live report needs at least one group');
  const header = [
    'notice latency (send write -> receive its change)'.padEnd(66),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'max ms'.padStart(9),
    'notices'.padStart(9),
    'expected'.padStart(9),
  ].join(' ');
  const p99 = all.latenciesMs.length === 0 ? Infinity : percentile(all.latenciesMs, 99);
  const targets = [
    {
      name: `notice latency p99 at ${report.connections} open connections (${report.engine})`,
      actual: Number.isFinite(p99) ? `${p99.toFixed(1)} ms` : 'none',
      goal: `<= ${NOTICE_P99_TARGET_MS.toLocaleString('en-US')} ms`,
      met: p99 <= NOTICE_P99_TARGET_MS,
    },
    {
      name: `notices received / expected (${report.engine})`,
      actual: `${all.latenciesMs.length} / ${all.expected}`,
      goal: 'all',
      met: all.latenciesMs.length === all.expected && all.expected > 0,
    },
    {
      name: `notices of no write, or twice on a connection (${report.engine})`,
      actual: String(report.unexpected),
      goal: '0',
      met: report.unexpected === 0,
    },
    {
      name: `writes acknowledged / sent (${report.engine})`,
      actual: `${report.writes.acknowledged} / ${report.writes.sent}`,
      goal: 'all',
      met: report.writes.acknowledged === report.writes.sent && report.writes.sent > 0,
    },
  ];
  const lines = [
    '',
    `== Live updates (${report.engine}): ${report.setup}`,
    header,
    ...report.groups.map(row),
    `the writes themselves: p50 ${report.writes.p50Ms.toFixed(1)} ms, p99 ${report.writes.p99Ms.toFixed(1)} ms (${report.writes.acknowledged} acknowledged)`,
    '',
    '== Targets',
    ...targets.map(
      (t) =>
        `${t.met ? 'PASS' : 'FAIL'}  ${t.name.padEnd(80)} ${t.actual.padStart(13)}  (target ${t.goal})`,
    ),
    '',
    `Live updates measured in ${report.elapsedSeconds.toFixed(0)} s.`,
  ];
  console.log(lines.join('\n'));
  return targets.every((t) => t.met);
}
