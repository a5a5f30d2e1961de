import { dataOfText } from './client.js';
import type { ChangeRecords, LedgerEntry } from './ledger-reader.js';
import { formatCents, formatMinor, sumCents } from './money.js';
import {
  acknowledgement,
  keyFromDescription,
  OPENING_BALANCE_DESCRIPTION,
  outcomeOf,
  type Operation,
  type OperationKind,
} from './operations.js';

/** A check's id, title and the problems found (invariants.ts turns them into a Check). */
export interface FoundProblems {
  id: string;
  title: string;
  problems: string[];
}

/** The kind of change each acknowledged request must have recorded (docs/ledger.md). */
const CHANGE_KIND: Record<OperationKind, string> = {
  deposit: 'create',
  withdraw: 'create',
  expense: 'create',
  transfer: 'transfer',
  edit: 'update',
  'transfer-edit': 'update',
  delete: 'delete',
  'transfer-delete': 'delete',
  undo: 'undo',
  'rule-apply': 'rule-apply',
  clear: 'clear',
  reconcile: 'reconcile',
  // A rate by hand touches no entry and records no change.
  rate: '',
};

/** An entry snapshot of entry_history (docs/ledger.md#history-and-undo), as the harness reads it. */
interface Snapshot {
  accountId: string | null;
  type: string;
  amountCents: string;
  occurredOn: string;
  description: string;
  splits?: { amountCents: string }[] | null;
  deleted: boolean;
  /** Left out of a snapshot while uncleared. */
  cleared?: string;
}

/** JSON text with its keys sorted, so two snapshots compare by content. */
function canonical(text: string | null): string {
  if (text === null) return 'null';
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value;
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return `unparsable ${text}`;
  }
}

/** Where the last `after` of an entry's history and the entry as stored disagree. */
function stateDifferences(entry: LedgerEntry, lines: bigint[], afterText: string): string[] {
  let after: Snapshot;
  try {
    after = JSON.parse(afterText) as Snapshot;
  } catch {
    return ['its last history row is not JSON'];
  }
  const splits = (after.splits ?? []).map((l) => String(l.amountCents)).join('+');
  const pairs: [string, unknown, unknown][] = [
    ['account', after.accountId, entry.accountId],
    ['type', after.type, entry.type],
    ['amount', String(after.amountCents), entry.amountCents.toString()],
    ['date', after.occurredOn, entry.occurredOn],
    ['description', after.description, entry.description],
    ['deleted', Boolean(after.deleted), entry.deleted],
    ['cleared', after.cleared ?? 'uncleared', entry.cleared],
    ['split lines', splits, lines.map(String).join('+')],
  ];
  return pairs.filter(([, h, e]) => h !== e).map(([f, h, e]) => `${f} ${String(h)} ≠ ${String(e)}`);
}

function groupBy<T>(items: T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The ledger rules of issue 13 read from the change engine's records: history replays to every
 * entry's current state, a transfer's legs net to zero, split lines sum to their entry, and
 * every recorded change is one acknowledged request (so refusals and duplicates changed nothing).
 */
export function checkChangeRecords(
  records: ChangeRecords,
  operations: Operation[],
  crashMode: boolean,
  /** Accounts created with an opening balance: each recorded one "create" of that entry. */
  openingAccounts: ReadonlySet<string> = new Set(),
  /** Each account's currency; an account not listed is in USD. */
  currencyOf: ReadonlyMap<string, string> = new Map(),
): FoundProblems[] {
  const linesOf = groupBy(records.splits, (l) => l.entryId);
  const historyOf = groupBy(records.history, (h) => h.entryId);
  const amounts = (entryId: string) => (linesOf.get(entryId) ?? []).map((l) => l.amountCents);

  // (i) Each entry's history replays to it: the first row creates it, each row starts where the
  // previous one ended, the last one is the entry as stored.
  const replay: string[] = [];
  for (const entry of records.entries) {
    const rows = historyOf.get(entry.id) ?? [];
    const last = rows.at(-1);
    if (!last) {
      replay.push(`entry ${entry.id} ("${entry.description}") has no history`);
      continue;
    }
    if (rows[0]?.before !== null)
      replay.push(`entry ${entry.id}: its first history row has a before`);
    rows.forEach((row, i) => {
      const previous = rows[i - 1];
      if (previous && canonical(row.before) !== canonical(previous.after)) {
        replay.push(
          `entry ${entry.id}: change ${row.changeId} starts from another state than the previous one left`,
        );
      }
    });
    const differences =
      last.after === null
        ? ['last after is null']
        : stateDifferences(entry, amounts(entry.id), last.after);
    if (differences.length > 0) {
      replay.push(
        `entry ${entry.id} ("${entry.description}"): history ends at ${differences.join(', ')} (history vs stored)`,
      );
    }
  }

  // (j) A transfer is two legs, one out of an account and one into another, of one date, live or
  // deleted together. In one currency they are one amount and net to zero; between two, each
  // leg holds its own amount in its own account's currency (sent, received), both above zero.
  const legs: string[] = [];
  const currency = (accountId: string | null) => currencyOf.get(accountId ?? '') ?? 'USD';
  for (const [transferId, pair] of groupBy(records.entries, (e) => e.transferId)) {
    const out = pair.find((e) => e.type === 'transfer_out');
    const into = pair.find((e) => e.type === 'transfer_in');
    if (pair.length !== 2 || !out || !into) {
      legs.push(`transfer ${transferId} has ${pair.map((e) => e.type).join(' + ')}`);
    } else if (
      (currency(out.accountId) === currency(into.accountId)
        ? out.amountCents !== into.amountCents
        : out.amountCents <= 0n || into.amountCents <= 0n) ||
      out.occurredOn !== into.occurredOn ||
      out.deleted !== into.deleted ||
      out.accountId === into.accountId
    ) {
      const from = currency(out.accountId);
      const to = currency(into.accountId);
      legs.push(
        `transfer ${transferId}: out ${formatMinor(out.amountCents, from)} ${from} on ${out.occurredOn} from ${out.accountId}${out.deleted ? ' (deleted)' : ''}, in ${formatMinor(into.amountCents, to)} ${to} on ${into.occurredOn} to ${into.accountId}${into.deleted ? ' (deleted)' : ''}`,
      );
    }
  }

  // (k) Split lines add up to their entry exactly.
  const entriesById = new Map(records.entries.map((e) => [e.id, e]));
  const splits: string[] = [];
  for (const [entryId, lines] of linesOf) {
    const entry = entriesById.get(entryId);
    const total = sumCents(lines.map((l) => l.amountCents));
    if (!entry || total !== entry.amountCents || lines.length < 2) {
      splits.push(
        `entry ${entryId}: ${lines.length} split lines sum to ${formatCents(total)}, the entry is ${entry ? formatCents(entry.amountCents) : 'missing'}`,
      );
    }
  }

  // (l) Every change recorded is the answer to one acknowledged request of the right kind, on
  // the rows that request named; refusals and duplicates recorded none.
  const changes: string[] = [];
  const kindOf = new Map(records.changes.map((c) => [c.id, c.kind]));
  const keyOfEntry = new Map(records.entries.map((e) => [e.id, keyFromDescription(e.description)]));
  const historyOfChange = groupBy(records.history, (h) => h.changeId);
  const claimed = new Map<string, string>();
  for (const op of operations) {
    const ack = acknowledgement(op);
    if (!ack || op.kind === 'rate') continue;
    const changeId = dataOfText<{ changeId?: string | null }>(ack.bodyText)?.changeId;
    // A cleared mark asking for the state the entry has changes nothing and names no change.
    if (changeId === null && op.kind === 'clear') continue;
    if (!changeId) {
      changes.push(`${op.kind} ${op.key} was acknowledged without a changeId`);
      continue;
    }
    const other = claimed.get(changeId);
    if (other) changes.push(`${op.key} and ${other} were both answered with change ${changeId}`);
    claimed.set(changeId, op.key);
    const kind = kindOf.get(changeId);
    if (kind === undefined) {
      changes.push(`LOST: change ${changeId} of acknowledged ${op.kind} ${op.key} is not recorded`);
      continue;
    }
    if (kind !== CHANGE_KIND[op.kind]) {
      changes.push(`${op.kind} ${op.key} recorded a change of kind ${kind}`);
    }
    // A reconciliation's entries are whatever was cleared on its account: (q) checks them.
    if (op.kind === 'reconcile') continue;
    const entryKey = op.target?.entryKey ?? op.key;
    // A rule apply and its undo name many entries; every other request one creation's rows.
    const named = new Set(op.entryKeys ?? [entryKey]);
    const touched = (historyOfChange.get(changeId) ?? []).map((h) => keyOfEntry.get(h.entryId));
    if (touched.length === 0 || touched.some((key) => key === undefined || !named.has(key))) {
      changes.push(
        `${op.kind} ${op.key} (on ${[...named].join(', ')}) changed the rows of ${touched.join(', ') || 'nothing'}`,
      );
    }
  }
  // An opening balance is recorded by its account's creation, whose answer names no change:
  // one "create" of that account's "Opening balance" entry, nothing else.
  const entryById = new Map(records.entries.map((e) => [e.id, e]));
  const openingChanges = new Map<string, number>();
  for (const change of records.changes) {
    if (claimed.has(change.id) || change.kind !== 'create') continue;
    const entries = (historyOfChange.get(change.id) ?? []).map((h) => entryById.get(h.entryId));
    const [entry] = entries;
    if (
      entries.length === 1 &&
      entry?.description === OPENING_BALANCE_DESCRIPTION &&
      entry.accountId !== null &&
      openingAccounts.has(entry.accountId)
    ) {
      claimed.set(change.id, `opening of ${entry.accountId}`);
      openingChanges.set(entry.accountId, (openingChanges.get(entry.accountId) ?? 0) + 1);
    }
  }
  for (const accountId of openingAccounts) {
    const count = openingChanges.get(accountId) ?? 0;
    if (count !== 1)
      changes.push(`account ${accountId}'s opening balance recorded ${count} changes`);
  }
  const unclaimed = records.changes.filter((c) => !claimed.has(c.id));
  const unanswered = operations.filter(
    (op) => outcomeOf(op) === 'unknown' && op.kind !== 'rate',
  ).length;
  if (crashMode ? unclaimed.length > unanswered : unclaimed.length > 0) {
    changes.push(
      `${unclaimed.length} recorded changes answer no acknowledged request${crashMode ? ` (${unanswered} requests got no answer)` : ''}: ${unclaimed
        .slice(0, 3)
        .map((c) => `${c.kind} ${c.id}`)
        .join(', ')}`,
    );
  }

  return [
    { id: 'i', title: 'history replays to current state', problems: replay },
    { id: 'j', title: 'transfer legs: one amount, or sent + received', problems: legs },
    { id: 'k', title: 'split lines sum to their entry', problems: splits },
    { id: 'l', title: 'changes = acknowledged requests', problems: changes },
  ];
}
