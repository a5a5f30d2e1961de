import type { FoundProblems } from './change-checks.js';
import { dataOfText } from './client.js';
import type { ChangeRecords, HistoryRow } from './ledger-reader.js';
import { BASE_CURRENCY, formatMinor, unitsToMinor } from './money.js';
import { acknowledgement, outcomeOf, type Operation } from './operations.js';

/** The parts of an entry_history snapshot a reconciliation vouches for. */
interface Vouched {
  accountId: string | null;
  type: string;
  amountCents: string;
  occurredOn: string;
  deleted: boolean;
  /** Left out of a snapshot while uncleared. */
  cleared?: string;
}

function parse(text: string | null): (Vouched & Record<string, unknown>) | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Vouched & Record<string, unknown>;
  } catch {
    return null;
  }
}

const clearedOf = (state: Vouched) => state.cleared ?? 'uncleared';

/**
 * True when a change from `before` to `after` moves what a reconciliation vouched for: the
 * lock of docs/ledger.md#reconciliation (amount, date, account, type, deleting it, or taking it
 * out of its reconciliation).
 */
function movesReconciled(before: Vouched, after: Vouched): boolean {
  return (
    clearedOf(before) === 'reconciled' &&
    (clearedOf(after) !== 'reconciled' ||
      before.accountId !== after.accountId ||
      String(before.amountCents) !== String(after.amountCents) ||
      before.occurredOn !== after.occurredOn ||
      before.type !== after.type ||
      Boolean(before.deleted) !== Boolean(after.deleted))
  );
}

/** The same snapshot with its cleared state left out, as comparable text. */
function withoutCleared(state: Record<string, unknown>): string {
  const rest = Object.fromEntries(
    Object.entries(state)
      .filter(([key]) => key !== 'cleared')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify(rest);
}

/** The change each acknowledged request was answered with. */
function requestOfChange(operations: Operation[]): Map<string, Operation> {
  const byChange = new Map<string, Operation>();
  for (const op of operations) {
    const ack = acknowledgement(op);
    const changeId = ack && dataOfText<{ changeId?: string | null }>(ack.bodyText)?.changeId;
    if (changeId) byChange.set(changeId, op);
  }
  return byChange;
}

/** How much of the lock the run exercised, for the report. */
export interface ReconciliationFigures {
  /** Entries reconciled at the end. */
  reconciledEntries: number;
  /** Keys refused 409 RECONCILED_ENTRY (changes sent without confirmReconciled). */
  lockRefusals: number;
  /** Changes of reconciled entries that went through (undos left out): confirmed, unless (r) fails. */
  confirmedChanges: number;
}

export function reconciliationFigures(
  records: ChangeRecords | undefined,
  operations: Operation[],
): ReconciliationFigures {
  const kindOf = new Map(records?.changes.map((c) => [c.id, c.kind]) ?? []);
  return {
    reconciledEntries: records?.entries.filter((e) => e.cleared === 'reconciled').length ?? 0,
    lockRefusals: operations.filter((op) => op.attempts.some((a) => a.code === 'RECONCILED_ENTRY'))
      .length,
    confirmedChanges: (records?.history ?? []).filter((row) => {
      const before = parse(row.before);
      const after = parse(row.after);
      return (
        before && after && movesReconciled(before, after) && kindOf.get(row.changeId) !== 'undo'
      );
    }).length,
  };
}

/**
 * (q) Every acknowledged reconciliation is recorded exactly once, as sent (account, statement
 * date and balance), and its change marked reconciled exactly the cleared entries of that
 * account on or before the date, changing nothing else about them; no reconciliation is
 * recorded that no request was acknowledged for (crash runs: at most one per reconciliation
 * that got no answer). A lost or doubled reconcile fails here (and a doubled one under (l)).
 *
 * (r) A reconciled entry's amount, date, account or deletion, or its cleared state, changed only
 * by an undo or by a request that sent confirmReconciled: a retry or a duplicate that slips past
 * the lock fails here (crash runs: changes that answered no request are not attributed).
 */
export function checkReconciliations(
  records: ChangeRecords,
  operations: Operation[],
  crashMode: boolean,
): FoundProblems[] {
  const kindOf = new Map(records.changes.map((c) => [c.id, c.kind]));
  const historyOf = new Map<string, HistoryRow[]>();
  for (const row of records.history) {
    historyOf.set(row.changeId, [...(historyOf.get(row.changeId) ?? []), row]);
  }
  const byChange = requestOfChange(operations);

  const recorded: string[] = [];
  const claimed = new Set<string>();
  for (const op of operations) {
    if (op.kind !== 'reconcile') continue;
    const ack = acknowledgement(op);
    if (!ack) continue;
    const answer = dataOfText<{ changeId?: string; count?: number }>(ack.bodyText);
    const changeId = answer?.changeId ?? '';
    claimed.add(changeId);
    const statementOn = String(op.body?.statementOn);
    const currency = op.currency ?? BASE_CURRENCY;
    const balance = unitsToMinor(Number(op.body?.statementBalance), currency);
    const found = records.reconciliations.filter((r) => r.changeId === changeId);
    if (found.length !== 1) {
      recorded.push(
        `${found.length === 0 ? 'LOST: ' : ''}acknowledged reconcile ${op.key} (change ${changeId}) has ${found.length} records`,
      );
    }
    for (const record of found) {
      if (
        record.accountId !== op.accountId ||
        record.statementOn !== statementOn ||
        record.statementBalanceCents !== balance
      ) {
        recorded.push(
          `reconcile ${op.key} sent ${op.accountId} on ${statementOn} at ${formatMinor(balance, currency)}, recorded ${record.accountId} on ${record.statementOn} at ${formatMinor(record.statementBalanceCents, currency)}`,
        );
      }
    }
    const rows = historyOf.get(changeId) ?? [];
    if (answer?.count !== rows.length) {
      recorded.push(
        `reconcile ${op.key} answered ${answer?.count} entries, changed ${rows.length}`,
      );
    }
    for (const row of rows) {
      const before = parse(row.before);
      const after = parse(row.after);
      if (
        !before ||
        !after ||
        clearedOf(before) !== 'cleared' ||
        clearedOf(after) !== 'reconciled' ||
        after.accountId !== op.accountId ||
        after.occurredOn > statementOn ||
        after.deleted ||
        withoutCleared(before) !== withoutCleared(after)
      ) {
        recorded.push(
          `reconcile ${op.key} (${op.accountId} on ${statementOn}) took entry ${row.entryId} from ${row.before} to ${row.after}`,
        );
      }
    }
  }
  const unclaimed = records.reconciliations.filter((r) => !claimed.has(r.changeId));
  const unanswered = operations.filter(
    (op) => op.kind === 'reconcile' && outcomeOf(op) === 'unknown',
  ).length;
  if (crashMode ? unclaimed.length > unanswered : unclaimed.length > 0) {
    recorded.push(
      `${unclaimed.length} reconciliations recorded that answer no acknowledged reconcile${crashMode ? ` (${unanswered} got no answer)` : ''}: ${unclaimed
        .slice(0, 3)
        .map(
          (r) =>
            `${r.accountId} on ${r.statementOn} (change ${r.changeId}, ${kindOf.get(r.changeId) ?? 'no change'})`,
        )
        .join(', ')}`,
    );
  }

  const lock: string[] = [];
  for (const row of records.history) {
    const before = parse(row.before);
    const after = parse(row.after);
    if (!before || !after || !movesReconciled(before, after)) continue;
    const kind = kindOf.get(row.changeId);
    if (kind === 'undo') continue;
    const op = byChange.get(row.changeId);
    if (op?.confirmReconciled) continue;
    if (!op && crashMode) continue;
    lock.push(
      `reconciled entry ${row.entryId} changed by ${kind} ${row.changeId} (${op ? `${op.kind} ${op.key}, not confirmed` : 'no acknowledged request'}): ${row.before} -> ${row.after}`,
    );
  }

  return [
    { id: 'q', title: 'reconciliations = acknowledged reconciles', problems: recorded },
    { id: 'r', title: 'reconciled entries move only when confirmed', problems: lock },
  ];
}
