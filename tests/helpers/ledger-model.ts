/**
 * An integer-cents model of the ledger (docs/ledger.md) for the property tests: accounts with
 * credit limits, entries (split or not, transfer legs, dated, cleared or reconciled), the changes
 * that touched them and the reconciliations recorded (docs/ledger.md#reconciliation), with
 * enough of the server's rules to say, before each call, whether it must succeed or be refused
 * and with which code. Nothing here reads the database.
 */

export const MAX_BALANCE_CENTS = 99_999_999_999_999n;

export type ModelType = 'deposit' | 'withdraw' | 'expense' | 'transfer_in' | 'transfer_out';
export type ModelCleared = 'uncleared' | 'cleared' | 'reconciled';

/** The parts of an entry a change may set. */
export interface ModelState {
  accountId: string | null;
  amount: bigint;
  splits: bigint[];
  categoryId: string | null;
  deleted: boolean;
  /** The day it happened, YYYY-MM-DD. */
  occurredOn: string;
  cleared: ModelCleared;
}

/** A finished reconciliation, as GET /api/account/{id}/reconciliation names the latest one. */
export interface ModelReconciliation {
  accountId: string;
  statementOn: string;
  balance: bigint;
  /** The change that recorded it: undoing that change removes the record. */
  changeId: string;
}

export interface ModelEntry {
  id: string;
  type: ModelType;
  transferId: string | null;
  state: ModelState;
  version: number;
  /** The change that last touched it. */
  lastChange: string;
}

export interface PlannedRow {
  entryId: string;
  type: ModelType;
  before: ModelState | null;
  after: ModelState;
}

interface ModelChange {
  id: string;
  rows: PlannedRow[];
  undone: boolean;
}

export interface Refusal {
  status: number;
  code: string;
}

const signed = (type: ModelType, state: ModelState | null): [string, bigint] | null => {
  if (!state || state.deleted || state.accountId === null) return null;
  const credit = type === 'deposit' || type === 'transfer_in';
  return [state.accountId, credit ? state.amount : -state.amount];
};

export class LedgerModel {
  readonly balances = new Map<string, bigint>();
  readonly limits = new Map<string, bigint>();
  readonly entries = new Map<string, ModelEntry>();
  /** Entries in the order they were created. */
  readonly entryOrder: string[] = [];
  readonly changes: ModelChange[] = [];
  /** Transfer id -> [out leg id, in leg id]. */
  readonly transfers = new Map<string, [string, string]>();
  /** Finished reconciliations, oldest first. */
  readonly reconciliations: ModelReconciliation[] = [];

  addAccount(id: string): void {
    this.balances.set(id, 0n);
    this.limits.set(id, 0n);
  }

  /** The refusal a plan meets at the balance guard (accounts in id order), or null. */
  balanceRefusal(rows: readonly PlannedRow[]): Refusal | null {
    const deltas = new Map<string, bigint>();
    for (const row of rows) {
      const before = signed(row.type, row.before);
      const after = signed(row.type, row.after);
      if (before) deltas.set(before[0], (deltas.get(before[0]) ?? 0n) - before[1]);
      if (after) deltas.set(after[0], (deltas.get(after[0]) ?? 0n) + after[1]);
    }
    for (const id of [...deltas.keys()].sort()) {
      const delta = deltas.get(id) ?? 0n;
      if (delta === 0n) continue;
      const next = (this.balances.get(id) ?? 0n) + delta;
      if (next < -(this.limits.get(id) ?? 0n)) return { status: 422, code: 'INSUFFICIENT_FUNDS' };
      if (next > MAX_BALANCE_CENTS) return { status: 422, code: 'BALANCE_LIMIT_EXCEEDED' };
    }
    return null;
  }

  /**
   * The refusal of a plan that would move a reconciled balance without the person's
   * confirmation (src/server/features/ledger/changes/reconciled-lock.ts): 409 RECONCILED_ENTRY.
   * The server checks it after the states are known writable and before the balances.
   */
  lockRefusal(rows: readonly PlannedRow[], confirmed: boolean): Refusal | null {
    if (confirmed) return null;
    return rows.some((row) => movesReconciled(row.before, row.after))
      ? { status: 409, code: 'RECONCILED_ENTRY' }
      : null;
  }

  /** The live entries of an account on or before `on` that are cleared or reconciled. */
  clearedRange(accountId: string, on: string): ModelEntry[] {
    return [...this.entries.values()].filter(
      ({ state }) =>
        !state.deleted &&
        state.accountId === accountId &&
        state.occurredOn <= on &&
        state.cleared !== 'uncleared',
    );
  }

  /** What GET /api/account/{id}/reconciliation must say of the account on `on`, in cents. */
  reconciliationSummary(accountId: string, on: string) {
    const range = this.clearedRange(accountId, on);
    const clearedCents = range.reduce(
      (sum, entry) => sum + (signed(entry.type, entry.state)?.[1] ?? 0n),
      0n,
    );
    const clearedCount = range.filter((entry) => entry.state.cleared === 'cleared').length;
    // The latest by statement date, then the one made last.
    let last: ModelReconciliation | null = null;
    for (const record of this.reconciliations) {
      if (record.accountId !== accountId) continue;
      if (!last || record.statementOn >= last.statementOn) last = record;
    }
    return { clearedCents, clearedCount, last };
  }

  /** Records a change the server accepted; `created` maps planned ids of new entries to real ones. */
  commit(changeId: string, rows: PlannedRow[], created: Map<string, string> = new Map()): void {
    const real = rows.map((row) => ({ ...row, entryId: created.get(row.entryId) ?? row.entryId }));
    for (const row of real) {
      const before = signed(row.type, row.before);
      const after = signed(row.type, row.after);
      if (before) this.balances.set(before[0], (this.balances.get(before[0]) ?? 0n) - before[1]);
      if (after) this.balances.set(after[0], (this.balances.get(after[0]) ?? 0n) + after[1]);
      const existing = this.entries.get(row.entryId);
      if (existing) {
        existing.state = row.after;
        existing.version += 1;
        existing.lastChange = changeId;
      } else {
        this.entries.set(row.entryId, {
          id: row.entryId,
          type: row.type,
          transferId: null,
          state: row.after,
          version: 1,
          lastChange: changeId,
        });
        this.entryOrder.push(row.entryId);
      }
    }
    this.changes.push({ id: changeId, rows: real, undone: false });
  }

  /** What undoing a change must do: its refusal, or the rows restoring every entry. */
  planUndo(changeId: string): Refusal | PlannedRow[] {
    const change = this.changes.find((c) => c.id === changeId);
    if (!change) return { status: 404, code: 'NOT_FOUND' };
    if (change.undone) return { status: 409, code: 'CONFLICT' };
    if (change.rows.some((row) => this.entries.get(row.entryId)?.lastChange !== changeId)) {
      return { status: 409, code: 'CONFLICT' };
    }
    const rows = change.rows.map((row) => {
      const entry = this.entries.get(row.entryId) as ModelEntry;
      return {
        entryId: row.entryId,
        type: entry.type,
        before: entry.state,
        after: row.before ?? { ...entry.state, deleted: true },
      };
    });
    return this.balanceRefusal(rows) ?? rows;
  }

  /** Marks a change undone; an undone reconciliation is no longer recorded. */
  markUndone(changeId: string): void {
    const change = this.changes.find((c) => c.id === changeId);
    if (change) change.undone = true;
    const record = this.reconciliations.findIndex((r) => r.changeId === changeId);
    if (record >= 0) this.reconciliations.splice(record, 1);
  }
}

/** True when going from `before` to `after` touches what a reconciliation vouched for. */
export function movesReconciled(before: ModelState | null, after: ModelState): boolean {
  if (before === null || before.cleared !== 'reconciled') return false;
  return (
    after.cleared !== 'reconciled' ||
    before.accountId !== after.accountId ||
    before.amount !== after.amount ||
    before.occurredOn !== after.occurredOn ||
    before.deleted !== after.deleted
  );
}

/** `cents` cut into `n` positive lines (the last takes the rest); null when it cannot be. */
export function cutInto(cents: bigint, n: number): bigint[] | null {
  if (n < 2 || cents < BigInt(n)) return null;
  const part = cents / BigInt(n);
  return [...Array.from({ length: n - 1 }, () => part), cents - part * BigInt(n - 1)];
}
