import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadFigures } from './load.js';
import { printReport, type AppMeasurement, type BenchReport, type ScenarioKey } from './report.js';

const figures = (rps: number, p99: number, failures = 0): LoadFigures => ({
  requestsPerSecond: rps,
  p50Ms: p99 / 2,
  p99Ms: p99,
  requests: rps * 10,
  failures,
});

const keys: ScenarioKey[] = [
  'read',
  'restDeposit',
  'trpcDeposit',
  'hotDeposit',
  'firstPage',
  'deepPage',
];

function report(overrides: Partial<Record<ScenarioKey, LoadFigures>> = {}): BenchReport {
  const app: AppMeasurement[] = keys.map((key) => ({
    key,
    name: key,
    figures: overrides[key] ?? figures(1000, 15),
  }));
  return {
    connections: 32,
    seconds: 10,
    app,
    pagesAlone: app.filter((m) => m.key === 'firstPage' || m.key === 'deepPage'),
    limits: { pgbench: figures(3000, 10), minimal: figures(1500, 12), bare: figures(9000, 5) },
    appPeakRssBytes: 200 * 1024 * 1024,
    elapsedSeconds: 100,
  };
}

describe('printReport', () => {
  afterEach(() => vi.restoreAllMocks());
  const quietly = () => vi.spyOn(console, 'log').mockImplementation(() => {});

  it('passes when every figure meets its target', () => {
    quietly();
    expect(printReport(report())).toBe(true);
  });

  it.each<[string, Partial<Record<ScenarioKey, LoadFigures>>]>([
    ['deposit below 30% of pgbench', { restDeposit: figures(899, 15) }],
    ['read below 60% of the minimal route', { read: figures(899, 15) }],
    ['a p99 above 50 ms', { hotDeposit: figures(1000, 51) }],
    ['a page p99 above 20 ms', { deepPage: figures(1000, 21) }],
    ['a failed request', { trpcDeposit: figures(1000, 15, 1) }],
  ])('fails on %s', (_name, overrides) => {
    const log = quietly();
    expect(printReport(report(overrides))).toBe(false);
    expect(log.mock.calls.flat().join('\n')).toMatch(/^FAIL /m);
  });
});
