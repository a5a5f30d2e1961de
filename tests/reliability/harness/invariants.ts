import { checkChangeRecords } from './change-checks.js';
import {
  checkReconciliations,
  reconciliationFigures,
  type ReconciliationFigures,
} from './reconciliation-checks.js';
import type { LedgerSnapshot, LedgerRow } from './ledger-reader.js';
import type { ReaderFindings } from './load.js';
import { BASE_CURRENCY, formatCents, formatMinor, sumCents } from './money.js';
import { checkManualRates, checkTransferRates } from './rate-checks.js';
import {
  acknowledgement,
  currencyEffects,
  expectedRowsOf,
  isMutation,
  isSuccess,
  rowSignedCents,
  keyFromDescription,
  outcomeOf,
  signedCents,
  OPENING_BALANCE_DESCRIPTION,
  type AccountCreation,
  type Attempt,
  type MutationKind,
  type Operation,
} from './operations.js';

/** Every mutation kind, in the order the report lists them. */
export const MUTATION_KIND_LIST: readonly MutationKind[] = [
  'edit',
  'delete',
  'undo',
  'transfer-edit',
  'transfer-delete',
  'rule-apply',
  'clear',
  'reconcile',
  'rate',
];
import type { HarnessAccount } from './setup.js';
import type { RequestStats } from './stats.js';

export interface CheckInput {
  accounts: HarnessAccount[];
  creations: AccountCreation[];
  /** Seeds and load operations, with every attempt sent for each. */
  operations: Operation[];
  reader: ReaderFindings;
  snapshot: LedgerSnapshot;
  stats: RequestStats;
  /**
   * Crash mode: requests cut off by a kill may have committed without an answer, so a key with
   * no answer may have one ledger row (never two), and connection errors are expected.
   */
  crashMode: boolean;
  /** What the rule step found besides (a)-(l) (harness/rule-step.ts); absent: no rule step. */
  ruleProblems?: string[];
  /** Moments worth naming next to a lost write (kills, restarts). */
  events?: { at: number; label: string }[];
}

export interface Check {
  id: string;
  title: string;
  ok: boolean;
  /** How many problems were found (details shows the first few). */
  problems: number;
  details: string[];
}

export interface LedgerFigures {
  /** The seed deposits and opening balances made during setup: the initial total. */
  initialCents: bigint;
  /** Acknowledged load operations (seeds excluded). */
  acknowledged: { deposit: Tally; withdraw: Tally; expense: Tally; transfer: Tally };
  refused: { insufficientFunds: number; other: number };
  /** Edits, deletes and undos of earlier operations, by kind. */
  mutations: Record<MutationKind, { acknowledged: number; refused: number; unknown: number }>;
  /** Entries split in lines at the end (read from the change records; 0 without them). */
  splitEntries: number;
  /** Reconciled entries, lock refusals and confirmed changes (0 without change records). */
  reconciliation: ReconciliationFigures;
  unknownKeys: number;
  unknownKeysCommitted: number;
  /** Keys with an attempt that got no answer (cut off by a kill), retried with the same key. */
  retriedAfterNoAnswer: number;
  /** Of those, keys whose cut-off attempt had committed: a retry got the stored outcome. */
  recoveredByReplay: number;
  /** Acknowledged keys with no ledger row: writes the server confirmed, then lost. */
  lostAcknowledged: number;
  ledgerRows: number;
  distinctAcknowledgedKeys: number;
  /** In the base currency, USD (the other currencies: `totals`). */
  totalBalanceCents: bigint;
  expectedTotalCents: bigint;
  /** Each currency's total of balances and what (c) expects of it, in its minor units. */
  totals: { currency: string; balance: bigint; expected: bigint }[];
  /**
   * What (s) and (t) had to check: acknowledged transfers between two currencies, the book's
   * transfer and manual rates at the end, and rate keys replayed after another rate of their
   * pair and day was answered (0 without records).
   */
  fx: {
    crossTransfers: number;
    /** Acknowledged transfer edits that sent a receivedAmount. */
    crossTransferEdits: number;
    transferRates: number;
    manualRates: number;
    ratesReplayedAfterAnother: number;
  };
  answeredReplays: number;
  replaysMarkedReplayed: number;
  mismatchedReplays: number;
}

export interface Tally {
  count: number;
  cents: bigint;
}

export interface InvariantReport {
  checks: Check[];
  violations: string[];
  figures: LedgerFigures;
}

const EXAMPLES = 5;

function examples(lines: string[]): string[] {
  if (lines.length <= EXAMPLES) return lines;
  return [...lines.slice(0, EXAMPLES), `... and ${lines.length - EXAMPLES} more`];
}

function check(id: string, title: string, problems: string[]): Check {
  return {
    id,
    title,
    ok: problems.length === 0,
    problems: problems.length,
    details: examples(problems),
  };
}

function describe(attempt: Attempt): string {
  return attempt.status === null ? (attempt.error ?? 'no answer') : String(attempt.status);
}

/** Which top-level (and data.*) fields differ between two JSON bodies, for a readable report. */
function differingFields(a: string, b: string): string {
  try {
    const left = JSON.parse(a) as Record<string, unknown>;
    const right = JSON.parse(b) as Record<string, unknown>;
    const fields = new Set([...Object.keys(left), ...Object.keys(right)]);
    const differing: string[] = [];
    for (const field of fields) {
      const l = left[field];
      const r = right[field];
      if (JSON.stringify(l) === JSON.stringify(r)) continue;
      if (l && r && typeof l === 'object' && typeof r === 'object') {
        for (const sub of new Set([...Object.keys(l), ...Object.keys(r)])) {
          const ls = (l as Record<string, unknown>)[sub];
          const rs = (r as Record<string, unknown>)[sub];
          if (JSON.stringify(ls) !== JSON.stringify(rs)) differing.push(`${field}.${sub}`);
        }
      } else {
        differing.push(field);
      }
    }
    return differing.join(', ') || 'formatting only';
  } catch {
    return 'not JSON';
  }
}

function sameJson(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

function rowsByKey(rows: LedgerRow[]): { byKey: Map<string, LedgerRow[]>; foreign: LedgerRow[] } {
  const byKey = new Map<string, LedgerRow[]>();
  const foreign: LedgerRow[] = [];
  for (const row of rows) {
    const key = keyFromDescription(row.description);
    if (!key) {
      foreign.push(row);
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return { byKey, foreign };
}

/**
 * The refusals an edit, delete or undo may get while others change the same rows: its target
 * deleted meanwhile (404), an undo overtaken by a later change or another undo (409), funds or
 * the cap (422), and the split rules (422 UNPROCESSABLE: a split entry's amount changed alone).
 * Reconciliation (docs/ledger.md#reconciliation): a change to a reconciled entry sent without
 * confirmReconciled (409 RECONCILED_ENTRY; never when confirmed), and a reconcile whose
 * statement no longer matches the cleared balance (409 CONFLICT).
 */
function allowedMutationRefusal(op: Operation, a: Attempt): boolean {
  const kind = op.kind as MutationKind;
  // A rate by hand is valid and never refused.
  if (kind === 'rate') return false;
  if (a.status === 404) return kind !== 'undo';
  if (a.status === 409 && a.code === 'RECONCILED_ENTRY') {
    return !op.confirmReconciled && kind !== 'undo' && kind !== 'reconcile';
  }
  if (a.status === 409) return (kind === 'undo' || kind === 'reconcile') && a.code === 'CONFLICT';
  if (a.status !== 422) return false;
  if (a.code === 'INSUFFICIENT_FUNDS' || a.code === 'BALANCE_LIMIT_EXCEEDED') return true;
  return kind === 'edit' && a.code === 'UNPROCESSABLE';
}

/**
 * The accounts of the run created with an opening balance and acknowledged, with that balance
 * (an account made twice is (h)'s problem; both would be counted).
 */
function openingsOf(creations: AccountCreation[], harnessIds: Set<string>): Map<string, bigint> {
  const openings = new Map<string, bigint>();
  for (const c of creations) {
    if (c.openingCents === undefined) continue;
    for (const id of c.accountIds) if (harnessIds.has(id)) openings.set(id, c.openingCents);
  }
  return openings;
}

function mutationTallies(operations: Operation[]): LedgerFigures['mutations'] {
  const tallies = {} as LedgerFigures['mutations'];
  for (const kind of MUTATION_KIND_LIST) {
    tallies[kind] = { acknowledged: 0, refused: 0, unknown: 0 };
  }
  for (const op of operations) {
    if (isMutation(op.kind)) tallies[op.kind][outcomeOf(op)] += 1;
  }
  return tallies;
}

/** (b): every stored balance equals the signed sum of its live ledger rows, every account there. */
function balanceProblems(snapshot: LedgerSnapshot, harnessIds: Set<string>): string[] {
  const ledgerSums = new Map<string, bigint>();
  for (const row of snapshot.rows) {
    if (row.accountId === null) continue;
    ledgerSums.set(
      row.accountId,
      (ledgerSums.get(row.accountId) ?? 0n) + rowSignedCents(row.type, row.amountCents),
    );
  }
  const unbalanced = snapshot.accounts
    .filter((a) => a.balanceCents !== (ledgerSums.get(a.id) ?? 0n))
    .map(
      (a) =>
        `account ${a.id}: balance ${formatMinor(a.balanceCents, a.currency ?? BASE_CURRENCY)} but ledger sum ${formatMinor(ledgerSums.get(a.id) ?? 0n, a.currency ?? BASE_CURRENCY)} ${a.currency ?? BASE_CURRENCY}`,
    );
  const missingAccounts = [...harnessIds]
    .filter((id) => !snapshot.accounts.some((a) => a.id === id))
    .map((id) => `account ${id} is missing from ${snapshot.source}`);
  return [...missingAccounts, ...unbalanced];
}

/**
 * The invariants that hold in any committed state, whatever is still in flight: checked on a
 * snapshot read while the load runs (the crash test after each restart). No balance below
 * zero, (b), and (i)-(k) from the change records; (c), (d) and (l) need every answer, so they
 * wait for the end.
 */
export function checkSnapshot(snapshot: LedgerSnapshot, accountIds: string[]): string[] {
  const harnessIds = new Set(accountIds);
  const problems = [
    ...snapshot.accounts
      .filter((a) => a.balanceCents < 0n)
      .map(
        (a) =>
          `(a) balance of ${a.id} is ${formatMinor(a.balanceCents, a.currency ?? BASE_CURRENCY)} ${a.currency ?? BASE_CURRENCY}`,
      ),
    ...balanceProblems(snapshot, harnessIds).map((p) => `(b) ${p}`),
  ];
  if (snapshot.records) {
    const currencyOf = currenciesOf(snapshot);
    for (const found of checkChangeRecords(snapshot.records, [], false, new Set(), currencyOf)) {
      if (found.id === 'l') continue;
      problems.push(...found.problems.map((p) => `(${found.id}) ${p}`));
    }
    // The transfer rates are rewritten with the legs, in their transaction: true at any commit.
    problems.push(...checkTransferRates(snapshot.records, currencyOf).map((p) => `(s) ${p}`));
  }
  return problems;
}

/** Each account's currency as the database holds it (USD for a reader that knows none). */
function currenciesOf(snapshot: LedgerSnapshot): Map<string, string> {
  return new Map(snapshot.accounts.map((a) => [a.id, a.currency ?? BASE_CURRENCY]));
}

/** Checks the bank rules against what the clients were told and what the database holds. */
export function checkInvariants(input: CheckInput): InvariantReport {
  const { snapshot, operations, crashMode } = input;
  const harnessIds = new Set(input.accounts.map((a) => a.id));
  const { byKey, foreign: unmatched } = rowsByKey(snapshot.rows);
  // Accounts created with an opening balance: their "Opening balance" row is theirs (h).
  const openings = openingsOf(input.creations, harnessIds);
  const isOpeningRow = (row: LedgerRow) =>
    row.description === OPENING_BALANCE_DESCRIPTION &&
    row.accountId !== null &&
    openings.has(row.accountId);
  const foreign = unmatched.filter((row) => !isOpeningRow(row));
  const openingRows = unmatched.filter(isOpeningRow);
  const opsByKey = new Map(operations.map((op) => [op.key, op]));
  const checks: Check[] = [];

  // (a) No balance is ever negative: not in any read during the load, not at the end.
  const negatives = [
    ...(input.reader.negativeReads > input.reader.negatives.length
      ? [`reader saw ${input.reader.negativeReads} negative balances in all`]
      : []),
    ...input.reader.negatives.map(
      (n) =>
        `reader saw account ${n.accountId} at ${formatCents(n.balanceCents)} (${new Date(n.at).toISOString()})`,
    ),
    ...snapshot.accounts
      .filter((a) => a.balanceCents < 0n)
      .map(
        (a) =>
          `final balance of ${a.id} is ${formatMinor(a.balanceCents, a.currency ?? BASE_CURRENCY)} ${a.currency ?? BASE_CURRENCY}`,
      ),
  ];
  checks.push(check('a', 'no negative balance', negatives));

  // (b) Every stored balance equals the sum of its ledger rows.
  checks.push(check('b', 'balance = ledger sum', balanceProblems(snapshot, harnessIds)));

  // Outcomes of every key, and the ledger rows found for each.
  const acknowledged = operations.filter((op) => outcomeOf(op) === 'acknowledged');
  const unknown = operations.filter((op) => outcomeOf(op) === 'unknown');
  const refused = operations.filter((op) => outcomeOf(op) === 'refused');
  const unknownCommitted = unknown.filter((op) => (byKey.get(op.key)?.length ?? 0) > 0);
  // Creations whose rows an edit, delete or undo may have changed: their rows are checked
  // against their history (i) rather than against the request that wrote them.
  const touched = new Set(
    operations
      .filter((op) => op.target && outcomeOf(op) !== 'refused')
      .flatMap((op) => op.entryKeys ?? [op.target?.entryKey ?? '']),
  );
  const untouched = (op: Operation) => !isMutation(op.kind) && !touched.has(op.key);
  const touchedRows = snapshot.rows.filter((row) => {
    const key = keyFromDescription(row.description);
    return key !== undefined && touched.has(key);
  });

  // (c) Money is conserved, in each currency: its accounts' total = its seeds and opening
  // balances + acknowledged deposits - withdrawals - expenses in it; a transfer between two
  // currencies moves its sent amount out of one and its received amount into the other.
  const currencyOfAccount = new Map(input.accounts.map((a) => [a.id, a.currency]));
  const currencyOf = (accountId: string | null) =>
    currencyOfAccount.get(accountId ?? '') ?? BASE_CURRENCY;
  const balances = new Map<string, bigint>();
  const expected = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, currency: string, cents: bigint) =>
    map.set(currency, (map.get(currency) ?? 0n) + cents);
  for (const a of input.accounts) {
    add(balances, a.currency, 0n);
    add(expected, a.currency, 0n);
  }
  for (const a of snapshot.accounts) {
    if (harnessIds.has(a.id)) add(balances, currencyOf(a.id), a.balanceCents);
  }
  // Rows that edits may have changed count as they stand; (b), (i) and (l) vouch for them.
  const counted = [
    ...acknowledged.filter(untouched),
    ...(crashMode ? unknownCommitted.filter(untouched) : []),
  ];
  for (const op of counted) {
    for (const [currency, cents] of currencyEffects(op)) add(expected, currency, cents);
  }
  for (const row of touchedRows) {
    if (row.accountId === null || !harnessIds.has(row.accountId)) continue;
    add(expected, currencyOf(row.accountId), rowSignedCents(row.type, row.amountCents));
  }
  for (const [accountId, cents] of openings) add(expected, currencyOf(accountId), cents);
  const totals = [...new Set([...balances.keys(), ...expected.keys()])].sort().map((currency) => ({
    currency,
    balance: balances.get(currency) ?? 0n,
    expected: expected.get(currency) ?? 0n,
  }));
  const conservation = totals
    .filter((t) => t.balance !== t.expected)
    .map(
      ({ currency, balance, expected: wanted }) =>
        `${currency}: total of balances ${formatMinor(balance, currency)} but acknowledged movements${
          crashMode ? ' (+ committed unacknowledged ones)' : ''
        } sum to ${formatMinor(wanted, currency)}: difference ${formatMinor(balance - wanted, currency)}`,
    );
  const base = totals.find((t) => t.currency === BASE_CURRENCY);
  const totalBalanceCents = base?.balance ?? 0n;
  const expectedTotalCents = base?.expected ?? 0n;
  const openingCents = sumCents(
    [...openings].filter(([id]) => currencyOf(id) === BASE_CURRENCY).map(([, cents]) => cents),
  );
  checks.push(
    check(
      'c',
      crashMode
        ? 'total per currency = acknowledged + committed unacked'
        : 'total per currency = acknowledged movements',
      conservation,
    ),
  );

  // (d) One ledger row per acknowledged key, none for refused keys, at most one for the rest.
  const rowProblems: string[] = [];
  let lostAcknowledged = 0;
  const events = [...(input.events ?? [])].sort((x, y) => x.at - y.at);
  for (const op of acknowledged) {
    if (isMutation(op.kind)) continue;
    const rows = byKey.get(op.key) ?? [];
    if (touched.has(op.key)) {
      // Deleted rows leave the ledger; never more rows than the creation wrote.
      if (rows.length > expectedRowsOf(op).length) {
        rowProblems.push(`DUPLICATE: edited ${op.kind} ${op.key} has ${rows.length} ledger rows`);
      } else if (rows.length > 0 && rows.length < expectedRowsOf(op).length) {
        rowProblems.push(`PARTIAL: edited ${op.kind} ${op.key} has ${rows.length} of its legs`);
      }
    } else if (rows.length === 0) {
      lostAcknowledged += 1;
      const ackAt = acknowledgement(op)?.at ?? 0;
      const next = events.find((e) => e.at >= ackAt);
      const when = next ? `, ${next.at - ackAt} ms before ${next.label}` : '';
      rowProblems.push(
        `LOST: ${op.kind} ${op.key} (${formatMinor(op.amountCents, op.currency ?? BASE_CURRENCY)} ${op.currency ?? BASE_CURRENCY}) was acknowledged at ${new Date(ackAt).toISOString()}${when} but has no ledger row`,
      );
    } else if (rows.length > expectedRowsOf(op).length) {
      rowProblems.push(`DUPLICATE: ${op.kind} ${op.key} has ${rows.length} ledger rows`);
    } else if (rows.length < expectedRowsOf(op).length) {
      rowProblems.push(`PARTIAL: ${op.kind} ${op.key} has ${rows.length} of its legs`);
    }
  }
  for (const op of refused) {
    const rows = byKey.get(op.key) ?? [];
    if (rows.length > 0) {
      rowProblems.push(
        `refused ${op.kind} ${op.key} (${op.attempts.map(describe).join('/')}) has ${rows.length} ledger row(s)`,
      );
    }
  }
  for (const op of unknown) {
    const rows = byKey.get(op.key)?.length ?? 0;
    if (rows > expectedRowsOf(op).length) {
      rowProblems.push(`DUPLICATE: unanswered ${op.kind} ${op.key} has ${rows} rows`);
    } else if (rows > 0 && rows < expectedRowsOf(op).length) {
      rowProblems.push(`PARTIAL: unanswered ${op.kind} ${op.key} has ${rows} of its legs`);
    }
  }
  for (const [key, rows] of byKey) {
    const op = opsByKey.get(key);
    if (!op) {
      rowProblems.push(`ledger row ${rows[0]?.id} names key ${key}, which was never sent`);
      continue;
    }
    // Each row is one the request asked for (a transfer's legs: one out of the source, one
    // into the destination; in one currency both of the amount, so they net to zero; between
    // two, the out leg the sent amount and the in leg the received one, each in its currency).
    const expectedRows = expectedRowsOf(op);
    // An edited entry may sit on another account with another amount; never another type.
    const edited = touched.has(key);
    for (const row of rows) {
      if (
        !expectedRows.some(
          (e) =>
            e.type === row.type &&
            (edited || (e.accountId === row.accountId && e.amountCents === row.amountCents)),
        )
      ) {
        const received =
          op.kind === 'transfer' && op.toCurrency && op.toCurrency !== op.currency
            ? `, receiving ${formatMinor(op.receivedCents ?? 0n, op.toCurrency)} ${op.toCurrency}`
            : '';
        rowProblems.push(
          `row ${row.id} of ${key} is ${row.type} ${formatMinor(row.amountCents, currencyOf(row.accountId))} on ${row.accountId}, but the request was ${op.kind} ${formatMinor(op.amountCents, op.currency ?? BASE_CURRENCY)} on ${op.accountId}${op.toAccountId ? ` to ${op.toAccountId}` : ''}${received}`,
        );
      }
    }
  }
  for (const row of foreign) {
    rowProblems.push(`ledger row ${row.id} ("${row.description}") matches no request`);
  }
  const rowsOf = (ops: Operation[]) => ops.reduce((sum, op) => sum + expectedRowsOf(op).length, 0);
  const expectedRows =
    openings.size +
    rowsOf(acknowledged.filter(untouched)) +
    touchedRows.length +
    (crashMode ? rowsOf(unknownCommitted.filter(untouched)) : 0);
  if (snapshot.rows.length !== expectedRows) {
    rowProblems.push(
      `${snapshot.rows.length} ledger rows, expected ${expectedRows} (${acknowledged.length} acknowledged keys, ${touched.size} edited${
        crashMode ? ` + ${unknownCommitted.length} committed unacknowledged` : ''
      })`,
    );
  }
  checks.push(
    check(
      'd',
      crashMode ? 'ledger ⊇ acked, 1 row per key' : 'one ledger row per acked key',
      rowProblems,
    ),
  );

  // (e) No 5xx at all.
  const serverErrors = operations.flatMap((op) =>
    op.attempts.filter((a) => a.status !== null && a.status >= 500).map((a) => ({ op, a })),
  );
  checks.push(
    check(
      'e',
      'zero 5xx',
      input.stats.serverErrors === 0
        ? []
        : [
            `${input.stats.serverErrors} answers with 5xx`,
            ...serverErrors.map(
              ({ op, a }) => `${a.status} for ${op.kind} ${op.key}: ${a.bodyText.slice(0, 200)}`,
            ),
          ],
    ),
  );

  // (f) Every answer to one key is the same answer; replays say so.
  const replayProblems: string[] = [];
  let answeredReplays = 0;
  let replaysMarkedReplayed = 0;
  let mismatchedReplays = 0;
  let requestIdOnly = 0;
  let recoveredByReplay = 0;
  let retriedAfterNoAnswer = 0;
  for (const op of operations) {
    const firstNoAnswer = op.attempts.findIndex((a) => a.status === null);
    if (firstNoAnswer >= 0) {
      retriedAfterNoAnswer += 1;
      // Every answer before the cut-off was unmarked, yet a later one is a replay: the cut-off
      // request committed, and the retry got its stored outcome instead of a second effect.
      const marked = op.attempts.findIndex((a, i) => i > firstNoAnswer && a.replayed);
      const answeredBefore = op.attempts.slice(0, firstNoAnswer).some((a) => a.status !== null);
      if (marked >= 0 && !answeredBefore) recoveredByReplay += 1;
    }
    const answered = op.attempts.filter((a) => a.status !== null && a.status < 500);
    if (answered.length === 0) continue;
    const unanswered = op.attempts.length - answered.length;
    const marked = answered.filter((a) => a.replayed).length;
    answeredReplays += answered.length - 1;
    replaysMarkedReplayed += marked;
    const first = answered.find((a) => !a.replayed) ?? answered[0];
    if (!first) continue;
    const different = answered.filter(
      (a) => a.status !== first.status || !sameJson(a.bodyText, first.bodyText),
    );
    if (different.length > 0) {
      mismatchedReplays += different.length;
      requestIdOnly += different.filter(
        (a) =>
          a.status === first.status && differingFields(first.bodyText, a.bodyText) === 'requestId',
      ).length;
      const d = different[0] as Attempt;
      replayProblems.push(
        `${op.kind} ${op.key}: ${first.role} answered ${first.status}, ${d.role} answered ${d.status}` +
          (d.status === first.status
            ? ` with a different body (${differingFields(first.bodyText, d.bodyText)})`
            : ''),
      );
    }
    const reused = answered.filter((a) => a.code === 'IDEMPOTENCY_KEY_REUSED');
    if (reused.length > 0) {
      replayProblems.push(
        `${op.key}: IDEMPOTENCY_KEY_REUSED although every attempt sent the same body`,
      );
    }
    const minMarked = answered.length - 1;
    const maxMarked = crashMode || unanswered > 0 ? answered.length : answered.length - 1;
    if (marked < minMarked || marked > maxMarked) {
      replayProblems.push(
        `${op.kind} ${op.key}: ${answered.length} answers, ${marked} marked Idempotent-Replayed: true (expected ${minMarked})`,
      );
    }
  }
  if (requestIdOnly > 0) {
    replayProblems.unshift(
      `${requestIdOnly} of ${mismatchedReplays} differing replays differ only in requestId (replayed with a new request id)`,
    );
  }
  checks.push(check('f', 'replays identical + marked', replayProblems));

  // (g) Every request got an answer the contract allows.
  const unexpected: string[] = [];
  for (const op of operations) {
    for (const a of op.attempts) {
      if (a.status === null || isSuccess(a.status) || a.status >= 500) continue;
      if (
        a.status === 422 &&
        (a.code === 'INSUFFICIENT_FUNDS' || a.code === 'BALANCE_LIMIT_EXCEEDED')
      )
        continue;
      if (a.status === 422 && a.code === 'IDEMPOTENCY_KEY_REUSED') continue; // reported under (f)
      if (isMutation(op.kind) && allowedMutationRefusal(op, a)) continue;
      unexpected.push(`${op.kind} ${op.key}: ${a.status} ${a.bodyText.slice(0, 200)}`);
    }
  }
  if (!crashMode) {
    const noAnswer = input.stats.noAnswer;
    if (noAnswer > 0)
      unexpected.push(`${noAnswer} requests got no answer (connection error or timeout)`);
    for (const op of unknown) {
      unexpected.push(
        `${op.kind} ${op.key} never got an answer: ${op.attempts.map(describe).join(', ')}`,
      );
    }
  }
  checks.push(check('g', 'only expected answers', unexpected));

  // (i)-(l) The change engine's records, when the reader has them (the toy server has none).
  if (snapshot.records) {
    const openingAccounts = new Set(openings.keys());
    const currencies = currenciesOf(snapshot);
    for (const found of checkChangeRecords(
      snapshot.records,
      operations,
      crashMode,
      openingAccounts,
      currencies,
    )) {
      checks.push(check(found.id, found.title, found.problems));
    }
    for (const found of checkReconciliations(snapshot.records, operations, crashMode)) {
      checks.push(check(found.id, found.title, found.problems));
    }
    // (s) and (t): the rates transfers imply and the rates entered by hand (rate-checks.ts).
    checks.push(
      check(
        's',
        "transfer rate = the day's latest transfer's",
        checkTransferRates(snapshot.records, currencies),
      ),
      check(
        't',
        'manual rates = latest acknowledged, written once',
        checkManualRates(snapshot.records.rates, operations, crashMode),
      ),
    );
  }

  // (h) Account creation with a duplicated key made one account.
  const creationProblems = input.creations
    .filter((c) => c.accountIds.size > 1)
    .map((c) => `account creation ${c.key} made ${c.accountIds.size} accounts`);
  for (const c of input.creations) {
    const answered = c.attempts.filter((a) => a.status !== null);
    const first = answered[0];
    if (
      first &&
      answered.some((a) => a.status !== first.status || !sameJson(a.bodyText, first.bodyText))
    ) {
      creationProblems.push(`account creation ${c.key}: its answers differ`);
    }
    // All answers but one are replays, in whatever order they arrived (two sent at once: the
    // replay may answer first); as (f), all of them when an unanswered attempt committed.
    const marked = answered.filter((a) => a.replayed).length;
    const maxMarked =
      crashMode || answered.length < c.attempts.length ? answered.length : answered.length - 1;
    if (answered.length > 0 && (marked < answered.length - 1 || marked > maxMarked)) {
      creationProblems.push(
        `account creation ${c.key}: ${answered.length} answers, ${marked} marked Idempotent-Replayed`,
      );
    }
  }
  // An account created with an opening balance has exactly one opening entry, of that amount.
  for (const [accountId, cents] of openings) {
    const rows = openingRows.filter((row) => row.accountId === accountId);
    if (rows.length !== 1 || rows[0]?.type !== 'deposit' || rows[0].amountCents !== cents) {
      creationProblems.push(
        `account ${accountId} opened with ${formatMinor(cents, currencyOf(accountId))} has ${
          rows
            .map((row) => `${row.type} ${formatMinor(row.amountCents, currencyOf(accountId))}`)
            .join(' + ') || 'no opening entry'
        }`,
      );
    }
  }
  checks.push(check('h', 'duplicated create = 1 account, 1 opening entry', creationProblems));

  // (p) A rule apply moves no money, lists what it should and its undo leaves it to do again.
  if (input.ruleProblems) {
    checks.push(check('p', 'rule apply + undo move no money', input.ruleProblems));
  }

  // Counts of every currency; sums of the base currency's (minor units of several do not add).
  const inBase = (op: Operation) => (op.currency ?? BASE_CURRENCY) === BASE_CURRENCY;
  const tally = (kind: Operation['kind']): Tally => {
    const ops = acknowledged.filter((op) => op.kind === kind && op.phase === 'load');
    return { count: ops.length, cents: sumCents(ops.filter(inBase).map((op) => op.amountCents)) };
  };
  const insufficient = refused.filter((op) =>
    op.attempts.some((a) => a.code === 'INSUFFICIENT_FUNDS'),
  ).length;
  const figures: LedgerFigures = {
    initialCents:
      openingCents +
      sumCents(
        acknowledged
          .filter((op) => op.phase === 'seed' && inBase(op))
          .map((op) => signedCents(op.kind, op.amountCents)),
      ),
    acknowledged: {
      deposit: tally('deposit'),
      withdraw: tally('withdraw'),
      expense: tally('expense'),
      transfer: tally('transfer'),
    },
    refused: { insufficientFunds: insufficient, other: refused.length - insufficient },
    mutations: mutationTallies(operations),
    splitEntries: new Set(snapshot.records?.splits.map((l) => l.entryId) ?? []).size,
    reconciliation: reconciliationFigures(snapshot.records, operations),
    unknownKeys: unknown.length,
    unknownKeysCommitted: unknownCommitted.length,
    lostAcknowledged,
    retriedAfterNoAnswer,
    recoveredByReplay,
    ledgerRows: snapshot.rows.length,
    distinctAcknowledgedKeys: acknowledged.length,
    totalBalanceCents,
    expectedTotalCents,
    totals,
    fx: {
      crossTransfers: acknowledged.filter(
        (op) =>
          op.kind === 'transfer' && op.toCurrency !== undefined && op.toCurrency !== op.currency,
      ).length,
      crossTransferEdits: acknowledged.filter(
        (op) => op.kind === 'transfer-edit' && op.body?.receivedAmount !== undefined,
      ).length,
      transferRates: snapshot.records?.rates.filter((r) => r.source === 'transfer').length ?? 0,
      manualRates: snapshot.records?.rates.filter((r) => r.source === 'manual').length ?? 0,
      ratesReplayedAfterAnother: operations.filter(
        (op) => op.kind === 'rate' && op.attempts.some((a) => a.role === 'later-duplicate'),
      ).length,
    },
    answeredReplays,
    replaysMarkedReplayed,
    mismatchedReplays,
  };

  const violations = checks
    .filter((c) => !c.ok)
    .map(
      (c) =>
        `(${c.id}) ${c.title}: ${c.problems} problem${c.problems === 1 ? '' : 's'}, first: ${c.details[0] ?? ''}`,
    );
  return { checks, violations, figures };
}
