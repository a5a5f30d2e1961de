import type { RouteScripts } from './js-budget.js';
import type { LighthouseScore } from './lighthouse-run.js';
import { JS_BUDGET_BYTES, LIGHTHOUSE_TARGETS } from './targets.js';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
/** How many of the largest scripts a route's breakdown shows. */
const LARGEST_SHOWN = 5;

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function jsBudgetPasses(result: RouteScripts): boolean {
  return result.route.reportOnly === true || result.encodedBytes <= JS_BUDGET_BYTES;
}

export function lighthousePasses(result: LighthouseScore): boolean {
  return result.score >= LIGHTHOUSE_TARGETS[result.formFactor];
}

export function formatJsBudget(results: RouteScripts[]): string {
  const rows = [['route', 'scripts', 'gzip', 'decoded', 'budget', 'result']];
  for (const result of results) {
    rows.push([
      result.route.label,
      String(result.scripts.length),
      kib(result.encodedBytes),
      kib(result.decodedBytes),
      result.route.reportOnly ? '(reported)' : `<= ${kib(JS_BUDGET_BYTES)}`,
      result.route.reportOnly ? '-' : verdict(jsBudgetPasses(result)),
    ]);
  }
  const details = results.map((result) => {
    const largest = [...result.scripts]
      .sort((a, b) => b.encodedBytes - a.encodedBytes)
      .slice(0, LARGEST_SHOWN)
      .map((script) => {
        const name = new URL(script.url).pathname;
        return `    ${kib(script.encodedBytes).padStart(10)}  ${name} (${script.contentEncoding})`;
      });
    return [`  ${result.route.label}, largest scripts:`, ...largest].join('\n');
  });
  return [
    'JavaScript on the critical path (cold cache, Accept-Encoding: gzip, until rendered and network-idle)',
    table(rows),
    ...details,
  ].join('\n');
}

export function formatLighthouse(results: LighthouseScore[]): string {
  const version = results[0]?.lighthouseVersion ?? '?';
  const runs = results[0]?.scores.length ?? 0;
  const rows = [
    [
      'route',
      'form factor',
      'score',
      'runs',
      'target',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'CPU index',
      'result',
    ],
  ];
  for (const result of results) {
    rows.push([
      result.route.label,
      result.formFactor,
      String(result.score),
      result.scores.join('/'),
      `>= ${LIGHTHOUSE_TARGETS[result.formFactor]}`,
      ms(result.fcpMs),
      ms(result.lcpMs),
      ms(result.tbtMs),
      result.cls.toFixed(3),
      String(result.benchmarkIndex),
      verdict(lighthousePasses(result)),
    ]);
  }
  const warnings = results.flatMap((result) =>
    result.warnings.map(
      (warning) => `  warning (${result.route.label}, ${result.formFactor}): ${warning}`,
    ),
  );
  return [
    `Lighthouse ${version} performance (simulated throttling; median of ${runs} runs, each cold)`,
    table(rows),
    ...warnings,
  ].join('\n');
}
