import { afterEach, describe, expect, it, vi } from 'vitest';
import { printLiveReport, type LiveReport } from './live-report.js';

function report(overrides: Partial<LiveReport> = {}, latencyMs = 40): LiveReport {
  return {
    engine: 'PostgreSQL',
    setup: '4 connections, 3 writes',
    connections: 4,
    groups: [{ name: 'all', latenciesMs: Array(12).fill(latencyMs) as number[], expected: 12 }],
    writes: { sent: 3, acknowledged: 3, p50Ms: 10, p99Ms: 20 },
    unexpected: 0,
    elapsedSeconds: 5,
    ...overrides,
  };
}

describe('printLiveReport', () => {
  afterEach(() => vi.restoreAllMocks());
  const quietly = () => vi.spyOn(console, 'log').mockImplementation(() => {});

  it('passes when every notice came within the target', () => {
    const log = quietly();
    expect(printLiveReport(report())).toBe(true);
    expect(log.mock.calls.flat().join('\n')).toMatch(/^PASS {2}notice latency p99 at 4 open/m);
  });

  it.each<[string, LiveReport]>([
    ['a p99 above 2,000 ms', report({}, 2_001)],
    [
      'a missing notice',
      report({
        groups: [{ name: 'all', latenciesMs: Array(11).fill(40) as number[], expected: 12 }],
      }),
    ],
    ['no notice at all', report({ groups: [{ name: 'all', latenciesMs: [], expected: 12 }] })],
    ['a notice of no write', report({ unexpected: 1 })],
    ['a refused write', report({ writes: { sent: 3, acknowledged: 2, p50Ms: 10, p99Ms: 20 } })],
  ])('fails on %s', (_name, input) => {
    const log = quietly();
    expect(printLiveReport(input)).toBe(false);
    expect(log.mock.calls.flat().join('\n')).toMatch(/^FAIL /m);
  });
});
