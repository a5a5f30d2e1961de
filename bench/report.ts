/** Prints the benchmark's figures, its ratios to the limits, and each target with PASS or FAIL. */
import type { LoadFigures } from './load.js';

export type ScenarioKey =
  | 'read'
  | 'restDeposit'
  | 'trpcDeposit'
  | 'hotDeposit'
  | 'firstPage'
  | 'deepPage'
  | 'search'
  | 'filteredPage'
  | 'amountPage'
  | 'activityPage';

/**
 * The ledger's pages (and the book's activity, as long as the ledger): measured again with one
 * client, each with a p99 target of 20 ms.
 */
export const LEDGER_PAGES: readonly ScenarioKey[] = [
  'firstPage',
  'deepPage',
  'search',
  'filteredPage',
  'amountPage',
  'activityPage',
];

export interface AppScenario {
  key: ScenarioKey;
  name: string;
}

export interface AppMeasurement extends AppScenario {
  figures: LoadFigures;
}

export interface BenchReport {
  connections: number;
  seconds: number;
  app: AppMeasurement[];
  /** The transactions pages measured again with a single client. */
  pagesAlone: AppMeasurement[];
  /** Left out when only the ledger's scenarios ran (BENCH_ONLY=ledger). */
  limits?: { pgbench: LoadFigures; minimal: LoadFigures; bare: LoadFigures };
  appPeakRssBytes: number;
  elapsedSeconds: number;
}

interface Target {
  name: string;
  actual: string;
  goal: string;
  met: boolean;
}

const MB = 1024 * 1024;

function row(name: string, f: LoadFigures): string {
  return [
    name.padEnd(58),
    f.requestsPerSecond.toFixed(0).padStart(8),
    f.p50Ms.toFixed(1).padStart(8),
    f.p99Ms.toFixed(1).padStart(8),
    String(f.requests).padStart(9),
    String(f.failures).padStart(7),
  ].join(' ');
}

function ratio(part: LoadFigures, whole: LoadFigures): number {
  return whole.requestsPerSecond === 0 ? 0 : part.requestsPerSecond / whole.requestsPerSecond;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function targetsOf(report: BenchReport): Target[] {
  const byKey = new Map(report.app.map((m) => [m.key, m]));
  const of = (key: ScenarioKey) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`No measurement for ${key}`);
    return found.figures;
  };
  const targets: Target[] = [];
  if (report.limits) {
    const { pgbench, minimal } = report.limits;
    const depositShare = ratio(of('restDeposit'), pgbench);
    const readShare = ratio(of('read'), minimal);
    targets.push(
      {
        name: 'REST deposit / pgbench deposit',
        actual: percent(depositShare),
        goal: '>= 30%',
        met: depositShare >= 0.3,
      },
      {
        name: 'authenticated read / minimal hand-written route',
        actual: percent(readShare),
        goal: '>= 60%',
        met: readShare >= 0.6,
      },
    );
  }
  for (const m of report.app) {
    targets.push({
      name: `p99 at ${report.connections} connections: ${m.name}`,
      actual: `${m.figures.p99Ms.toFixed(1)} ms`,
      goal: '<= 50 ms',
      met: m.figures.p99Ms <= 50,
    });
  }
  for (const key of ['firstPage', 'deepPage'] as const) {
    targets.push({
      name: `transactions page p99 at ${report.connections} connections: ${byKey.get(key)?.name ?? key}`,
      actual: `${of(key).p99Ms.toFixed(1)} ms`,
      goal: '<= 20 ms',
      met: of(key).p99Ms <= 20,
    });
  }
  for (const m of report.pagesAlone) {
    targets.push({
      name: `transactions page p99, one client: ${m.name}`,
      actual: `${m.figures.p99Ms.toFixed(1)} ms`,
      goal: '<= 20 ms',
      met: m.figures.p99Ms <= 20,
    });
  }
  targets.push({
    name: 'server peak RSS',
    actual: `${(report.appPeakRssBytes / MB).toFixed(1)} MB`,
    goal: '<= 250 MB',
    met: report.appPeakRssBytes <= 250 * MB,
  });
  const failures = [
    ...[...report.app, ...report.pagesAlone].map((m) => m.figures),
    ...Object.values(report.limits ?? {}),
  ].reduce((sum, f) => sum + f.failures, 0);
  targets.push({
    name: 'failed requests (non-2xx, errors, timeouts) in all runs',
    actual: String(failures),
    goal: '0',
    met: failures === 0,
  });
  return targets;
}

/** Prints everything and returns whether every target was met. */
export function printReport(report: BenchReport): boolean {
  const header = [
    'measurement'.padEnd(58),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'requests'.padStart(9),
    'failed'.padStart(7),
  ].join(' ');
  const lines = [
    '',
    `== The app (production build, PostgreSQL), ${report.connections} connections, ${report.seconds} s each`,
    header,
    ...report.app.map((m) => row(m.name, m.figures)),
    '',
    '== The transactions pages again, one client',
    header,
    ...report.pagesAlone.map((m) => row(m.name, m.figures)),
  ];
  if (report.limits) {
    const { pgbench, minimal, bare } = report.limits;
    lines.push(
      '',
      '== The limits, same machine, same run',
      header,
      row('pgbench deposit (update balance + insert ledger row)', pgbench),
      row('minimal hand-written route (session + account list)', minimal),
      row('bare Fastify JSON route', bare),
      '',
      '== Ratios',
    );
    for (const m of report.app) {
      lines.push(
        `${m.name.padEnd(58)} ${percent(ratio(m.figures, pgbench)).padStart(7)} of pgbench, ` +
          `${percent(ratio(m.figures, minimal)).padStart(7)} of minimal, ` +
          `${percent(ratio(m.figures, bare)).padStart(7)} of bare`,
      );
    }
    lines.push(
      '',
      `For scale: at ${report.connections} connections the minimal hand-written route's p99 was ` +
        `${minimal.p99Ms.toFixed(1)} ms and the bare route's ${bare.p99Ms.toFixed(1)} ms.`,
    );
  }
  lines.push('', '== Targets');
  const targets = targetsOf(report);
  for (const t of targets) {
    lines.push(
      `${t.met ? 'PASS' : 'FAIL'}  ${t.name.padEnd(80)} ${t.actual.padStart(9)}  (target ${t.goal})`,
    );
  }
  lines.push('', `Benchmark finished in ${report.elapsedSeconds.toFixed(0)} s.`);
  console.log(lines.join('\n'));
  return targets.every((t) => t.met);
}
