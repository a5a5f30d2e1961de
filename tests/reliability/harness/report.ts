import type { HarnessResult } from '../harness.js';
import { formatCents, formatMinor } from './money.js';
import { MUTATION_KIND_LIST } from './invariants.js';

type Row = [string, ...string[]];

function table(header: Row, rows: Row[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const line = (row: Row) =>
    row
      .map((cell, col) =>
        col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const tally = (t: { count: number; cents: bigint }) => `${int(t.count)} / ${formatCents(t.cents)}`;

/** One column of figures per result, in a fixed order. */
function figureRows(results: HarnessResult[]): Row[] {
  const each = (fn: (r: HarnessResult) => string): string[] => results.map(fn);
  const answerLabels = [...new Set(results.flatMap((r) => Object.keys(r.figures.answers)))].sort();
  const extraLabels = [...new Set(results.flatMap((r) => Object.keys(r.figures.extra)))];
  const checkIds = [...new Set(results.flatMap((r) => r.checks.map((c) => c.id)))].sort();
  const checkTitle = (id: string) =>
    results.flatMap((r) => r.checks).find((c) => c.id === id)?.title ?? id;
  return [
    ['clients', ...each((r) => String(r.figures.clients))],
    ['load duration (s)', ...each((r) => r.figures.loadSeconds.toFixed(1))],
    ['requests sent (mutations)', ...each((r) => int(r.figures.requestsSent))],
    ...answerLabels.map((label): Row => [
      `  answered ${label}`,
      ...each((r) => int(r.figures.answers[label] ?? 0)),
    ]),
    ['requests/s', ...each((r) => int(r.figures.requestsPerSecond))],
    ['acknowledged ops/s', ...each((r) => int(r.figures.acknowledgedOpsPerSecond))],
    ['operations (distinct keys)', ...each((r) => int(r.figures.operations))],
    ['  chosen to overdraw', ...each((r) => int(r.figures.overdrawAttempts))],
    [
      '  duplicated at once / after',
      ...each(
        (r) => `${int(r.figures.duplicates.concurrent)} / ${int(r.figures.duplicates.later)}`,
      ),
    ],
    ['replays answered', ...each((r) => int(r.figures.ledger.answeredReplays))],
    ['  marked Idempotent-Replayed', ...each((r) => int(r.figures.ledger.replaysMarkedReplayed))],
    ['  answered differently', ...each((r) => int(r.figures.ledger.mismatchedReplays))],
    [
      'initial USD total (seeds + opening balances)',
      ...each((r) => formatCents(r.figures.ledger.initialCents)),
    ],
    ['ack. deposits (n / USD sum)', ...each((r) => tally(r.figures.ledger.acknowledged.deposit))],
    [
      'ack. withdrawals (n / USD sum)',
      ...each((r) => tally(r.figures.ledger.acknowledged.withdraw)),
    ],
    ['ack. expenses (n / USD sum)', ...each((r) => tally(r.figures.ledger.acknowledged.expense))],
    ['ack. transfers (n / USD sum)', ...each((r) => tally(r.figures.ledger.acknowledged.transfer))],
    ['entries split at the end', ...each((r) => int(r.figures.ledger.splitEntries))],
    [
      'ack. transfers / edits across currencies; transfer / manual rates',
      ...each((r) => {
        const f = r.figures.ledger.fx;
        return `${int(f.crossTransfers)} / ${int(f.crossTransferEdits)}; ${int(f.transferRates)} / ${int(f.manualRates)}`;
      }),
    ],
    [
      '  rate keys replayed after another rate',
      ...each((r) => int(r.figures.ledger.fx.ratesReplayedAfterAnother)),
    ],
    [
      'reconciled at the end / locked (409) / changed anyway',
      ...each((r) => {
        const f = r.figures.ledger.reconciliation;
        return `${int(f.reconciledEntries)} / ${int(f.lockRefusals)} / ${int(f.confirmedChanges)}`;
      }),
    ],
    ...MUTATION_KIND_LIST.map((kind): Row => [
      `${kind === 'rule-apply' ? 'rule applie' : kind}s (ack / refused / no answer)`,
      ...each((r) => {
        const m = r.figures.ledger.mutations[kind];
        return `${int(m.acknowledged)} / ${int(m.refused)} / ${int(m.unknown)}`;
      }),
    ]),
    [
      'refused: insufficient funds',
      ...each((r) => int(r.figures.ledger.refused.insufficientFunds)),
    ],
    ['refused: other', ...each((r) => int(r.figures.ledger.refused.other))],
    ['keys cut off, retried', ...each((r) => int(r.figures.ledger.retriedAfterNoAnswer))],
    ['  committed before the cut', ...each((r) => int(r.figures.ledger.recoveredByReplay))],
    ['keys never answered', ...each((r) => int(r.figures.ledger.unknownKeys))],
    ['  of which committed', ...each((r) => int(r.figures.ledger.unknownKeysCommitted))],
    ['acknowledged but LOST', ...each((r) => int(r.figures.ledger.lostAcknowledged))],
    ['ledger rows', ...each((r) => int(r.figures.ledger.ledgerRows))],
    ['distinct acknowledged keys', ...each((r) => int(r.figures.ledger.distinctAcknowledgedKeys))],
    ['total of USD balances', ...each((r) => formatCents(r.figures.ledger.totalBalanceCents))],
    ['expected USD total', ...each((r) => formatCents(r.figures.ledger.expectedTotalCents))],
    [
      'other currencies: total (expected)',
      ...each(
        (r) =>
          r.figures.ledger.totals
            .filter((t) => t.currency !== 'USD')
            .map(
              (t) =>
                `${t.currency} ${formatMinor(t.balance, t.currency)}${t.balance === t.expected ? '' : ` (${formatMinor(t.expected, t.currency)})`}`,
            )
            .join(', ') || '-',
      ),
    ],
    [
      'balance reads (failed)',
      ...each((r) => `${int(r.figures.reads)} (${int(r.figures.failedReads)})`),
    ],
    [
      'lowest balance read',
      ...each((r) =>
        r.figures.minBalanceSeenCents === null ? '-' : formatCents(r.figures.minBalanceSeenCents),
      ),
    ],
    ...extraLabels.map((label): Row => [
      label,
      ...each((r) => String(r.figures.extra[label] ?? '-')),
    ]),
    ...checkIds.map((id): Row => [
      `(${id}) ${checkTitle(id)}`,
      ...each((r) => {
        const c = r.checks.find((x) => x.id === id);
        return c ? (c.ok ? 'ok' : 'VIOLATED') : '-';
      }),
    ]),
    ['violations', ...each((r) => int(r.violations.length))],
  ];
}

/** The figures of several runs side by side. */
export function formatComparison(results: HarnessResult[]): string {
  return table(['figure', ...results.map((r) => r.label)], figureRows(results));
}

/** One run: its figures, then every violated check with examples. */
export function formatResult(result: HarnessResult): string {
  const lines = [
    `== ${result.label} (run ${result.runId}, seed ${result.seed}; ledger read from ${result.ledgerSource})`,
    table(['figure', 'value'], figureRows([result])),
    ...result.notes,
  ];
  const failed = result.checks.filter((c) => !c.ok);
  const extra = result.violations.filter((v) => !/^\([a-z]\) /.test(v));
  lines.push(failed.length + extra.length === 0 ? 'All invariants hold.' : 'VIOLATIONS:');
  for (const v of extra) lines.push(`  ${v}`);
  for (const c of failed) {
    lines.push(`  (${c.id}) ${c.title}: ${c.problems} problem${c.problems === 1 ? '' : 's'}`);
    for (const detail of c.details) lines.push(`      - ${detail}`);
  }
  return lines.join('\n');
}
