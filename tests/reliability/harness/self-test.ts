/**
 * The checker's own test: a small consistent history passes, and each planted fault (a lost
 * write, a duplicate effect, an overdraft...) is reported by the invariant meant to catch it.
 * Runs in milliseconds, before the real scenarios, so a checker that has gone blind fails loudly.
 */
import { checkInvariants, checkSnapshot, type CheckInput } from './invariants.js';
import type { ChangeRecords, LedgerEntry, LedgerRow } from './ledger-reader.js';
import {
  OPENING_BALANCE_DESCRIPTION,
  descriptionFor,
  rowSignedCents,
  signedCents,
  type AccountCreation,
  type Attempt,
  type AttemptRole,
  type MovementKind,
  type Operation,
} from './operations.js';
import { RequestStats } from './stats.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
/** An account in JPY (exponent 0). */
const D = '00000000-0000-4000-8000-00000000000d';

function attempt(
  role: AttemptRole,
  status: number | null,
  bodyText: string,
  replayed = false,
): Attempt {
  const code = status === 422 ? 'INSUFFICIENT_FUNDS' : undefined;
  return {
    role,
    status,
    error: status === null ? 'ECONNRESET' : null,
    bodyText,
    code,
    replayed,
    at: 1,
    ms: 1,
  };
}

function op(
  key: string,
  kind: MovementKind,
  accountId: string,
  cents: bigint,
  attempts: Attempt[],
): Operation {
  return {
    key,
    kind,
    accountId,
    amountCents: cents,
    description: descriptionFor(key),
    phase: 'load',
    overdraw: false,
    attempts,
  };
}

function row(o: Operation, id = `row-${o.key}`): LedgerRow {
  return {
    id,
    accountId: o.accountId,
    type: o.kind === 'transfer' ? 'transfer_out' : (o.kind as MovementKind),
    amountCents: o.amountCents,
    description: o.description,
  };
}

/** A consistent history: 2 seeds, a replayed withdrawal, a refusal, an expense. */
function baseline(): CheckInput {
  const ok = (n: number) => `{"success":true,"data":{"n":${n}}}`;
  const refusal = '{"success":false,"code":"INSUFFICIENT_FUNDS","message":"Insufficient funds"}';
  const operations = [
    op('s1', 'deposit', A, 10_000n, [attempt('original', 200, ok(1))]),
    op('s2', 'deposit', B, 5_000n, [attempt('original', 200, ok(2))]),
    op('w1', 'withdraw', A, 2_500n, [
      attempt('original', 200, ok(3)),
      attempt('later-duplicate', 200, ok(3), true),
    ]),
    op('w2', 'withdraw', B, 99_999n, [
      attempt('original', 422, refusal),
      attempt('concurrent-duplicate', 422, refusal, true),
    ]),
    op('e1', 'expense', B, 1_000n, [attempt('original', 200, ok(5))]),
  ];
  const acknowledged = operations.filter((o) => o.key !== 'w2');
  const balance = (id: string) =>
    acknowledged
      .filter((o) => o.accountId === id)
      .reduce((t, o) => t + signedCents(o.kind, o.amountCents), 0n);
  const creations: AccountCreation[] = [
    {
      key: 'acct-a',
      title: 'A',
      attempts: [attempt('original', 200, `{"id":"${A}"}`)],
      accountIds: new Set([A]),
    },
  ];
  return {
    accounts: [
      { id: A, title: 'A', hot: true, estimateCents: 0n, currency: 'USD' },
      { id: B, title: 'B', hot: false, estimateCents: 0n, currency: 'USD' },
    ],
    creations,
    operations,
    reader: { reads: 1, failedReads: 0, negativeReads: 0, negatives: [], minBalanceCents: 0n },
    snapshot: {
      source: 'self-test',
      accounts: [
        { id: A, balanceCents: balance(A) },
        { id: B, balanceCents: balance(B) },
      ],
      rows: acknowledged.map((o) => row(o)),
    },
    stats: new RequestStats(),
    crashMode: false,
  };
}

interface Plant {
  fault: string;
  /** The check that must fail, or null when the history must still pass. */
  expect: string | null;
  plant(input: CheckInput): void;
}

/** A deposit cut off by a kill: no answer ever came back, but it may have committed. */
function cutOff(input: CheckInput, rows: number): void {
  input.crashMode = true;
  const u = op('u1', 'deposit', A, 300n, [attempt('original', null, '')]);
  input.operations.push(u);
  for (let i = 0; i < rows; i += 1) {
    input.snapshot.rows.push(row(u, `row-u1-${i}`));
    account(input, A).balanceCents += 300n;
  }
}

const account = (input: CheckInput, id: string) => {
  const found = input.snapshot.accounts.find((a) => a.id === id);
  if (!found) throw new Error(`self-test: no account ${id}`);
  return found;
};
const findOp = (input: CheckInput, key: string) => {
  const found = input.operations.find((o) => o.key === key);
  if (!found) throw new Error(`self-test: no operation ${key}`);
  return found;
};

const PLANTS: Plant[] = [
  {
    fault: 'crash mode: an unanswered request that committed (allowed)',
    expect: null,
    plant: (input) => cutOff(input, 1),
  },
  {
    fault: 'crash mode: an unanswered request that did not commit (allowed)',
    expect: null,
    plant: (input) => cutOff(input, 0),
  },
  {
    fault: 'crash mode: an unanswered request applied twice',
    expect: 'd',
    plant: (input) => cutOff(input, 2),
  },
  {
    fault: 'crash mode: an acknowledged write lost',
    expect: 'd',
    plant: (input) => {
      input.crashMode = true;
      input.snapshot.rows = input.snapshot.rows.filter((r) => r.id !== 'row-s2');
      account(input, B).balanceCents -= 5_000n;
    },
  },
  {
    fault: 'a negative balance seen by the reader',
    expect: 'a',
    plant: (input) => {
      input.reader.negativeReads = 1;
      input.reader.negatives.push({ accountId: A, balanceCents: -1n, at: 1 });
    },
  },
  {
    fault: 'a balance changed without its ledger row',
    expect: 'b',
    plant: (input) => {
      account(input, A).balanceCents += 1n;
    },
  },
  {
    fault: 'an acknowledged write lost (row and balance)',
    expect: 'd',
    plant: (input) => {
      input.snapshot.rows = input.snapshot.rows.filter((r) => r.id !== 'row-e1');
      account(input, B).balanceCents += 1_000n;
    },
  },
  {
    fault: 'a replay applied twice',
    expect: 'd',
    plant: (input) => {
      input.snapshot.rows.push(row(findOp(input, 'w1'), 'row-w1-again'));
      account(input, A).balanceCents -= 2_500n;
    },
  },
  {
    fault: 'money created out of nothing',
    expect: 'c',
    plant: (input) => {
      account(input, A).balanceCents += 700n;
      input.snapshot.rows.push({
        id: 'x',
        accountId: A,
        type: 'deposit',
        amountCents: 700n,
        description: 'free money',
      });
    },
  },
  {
    fault: 'a refused withdrawal that still debited',
    expect: 'd',
    plant: (input) => {
      input.snapshot.rows.push(row(findOp(input, 'w2')));
      account(input, B).balanceCents -= 99_999n;
    },
  },
  {
    fault: 'a 500 answer',
    expect: 'e',
    plant: (input) => {
      findOp(input, 'e1').attempts.push(attempt('later-duplicate', 500, '{"success":false}'));
      input.stats.byAnswer.set('500', 1);
    },
  },
  {
    fault: 'a replay answered with a different body',
    expect: 'f',
    plant: (input) => {
      const w1 = findOp(input, 'w1');
      const dup = w1.attempts[1];
      if (dup) dup.bodyText = '{"success":true,"data":{"n":4}}';
    },
  },
  {
    fault: 'a duplicated account creation that made two accounts',
    expect: 'h',
    plant: (input) => {
      input.creations[0]?.accountIds.add(B);
    },
  },
  {
    fault: 'an account opened with 30.00, its creation replayed: consistent',
    expect: null,
    plant: (input) => withOpening(input),
  },
  {
    fault: 'a creation sent twice at once whose replay answered first: consistent',
    expect: null,
    plant: (input) => {
      withOpening(input);
      input.creations.at(-1)?.attempts.reverse();
    },
  },
  {
    fault: 'an opening balance written twice',
    expect: 'h',
    plant: (input) => {
      withOpening(input);
      input.snapshot.rows.push({ ...openingRow, id: 'row-open-c-again' });
      account(input, C).balanceCents += openingRow.amountCents;
    },
  },
  {
    fault: 'the replay of an opening creation not marked as a replay',
    expect: 'h',
    plant: (input) => {
      withOpening(input);
      const replay = input.creations.at(-1)?.attempts[1];
      if (replay) replay.replayed = false;
    },
  },
];

const openingRow: LedgerRow = {
  id: 'row-open-c',
  accountId: C,
  type: 'deposit',
  amountCents: 3_000n,
  description: OPENING_BALANCE_DESCRIPTION,
};

/** Account C, created with an opening balance of 30.00 and replayed with its key once answered. */
function withOpening(input: CheckInput): void {
  const answer = `{"success":true,"data":{"id":"${C}","balance":30}}`;
  input.creations.push({
    key: 'acct-c',
    title: 'C',
    openingCents: openingRow.amountCents,
    attempts: [attempt('original', 200, answer), attempt('later-duplicate', 200, answer, true)],
    accountIds: new Set([C]),
  });
  input.accounts.push({ id: C, title: 'C', hot: false, estimateCents: 0n, currency: 'USD' });
  input.snapshot.accounts.push({ id: C, balanceCents: openingRow.amountCents });
  input.snapshot.rows.push({ ...openingRow });
}

/**
 * A rule applied to s1 and s2 (change c-ra, naming them) and undone (c-ru): each writes a
 * history row on every entry of `touching` (s1 and s2 when consistent).
 */
function withRuleApply(input: CheckInput, touching = ['row-s1', 'row-s2']): void {
  const answer = (id: string) => `{"success":true,"data":{"changeId":"${id}","count":2}}`;
  const apply: Operation = {
    ...op('ra', 'deposit', '', 0n, [
      attempt('original', 200, answer('c-ra')),
      attempt('concurrent-duplicate', 200, answer('c-ra'), true),
    ]),
    kind: 'rule-apply',
    description: '',
    target: { id: '', entryKey: 's1' },
    entryKeys: ['s1', 's2'],
  };
  const undo: Operation = {
    ...apply,
    key: 'ru',
    kind: 'undo',
    attempts: [attempt('original', 200, answer('c-ru'))],
    target: { id: 'c-ra', entryKey: 's1' },
  };
  input.operations.push(apply, undo);
  const r = records(input);
  for (const changeId of ['c-ra', 'c-ru']) {
    for (const entryId of touching) {
      const entry = r.entries.find((e) => e.id === entryId);
      if (!entry) throw new Error(`self-test: no entry ${entryId}`);
      const last = [...r.history].reverse().find((h) => h.entryId === entryId);
      r.history.push({ changeId, entryId, before: last?.after ?? null, after: snap(entry) });
    }
  }
  r.changes.push({ id: 'c-ra', kind: 'rule-apply' }, { id: 'c-ru', kind: 'undo' });
}

/** An entry snapshot as entry_history stores it (docs/ledger.md#history-and-undo). */
function snap(e: LedgerEntry, splits: bigint[] = []): string {
  return JSON.stringify({
    ...(e.cleared !== 'uncleared' && { cleared: e.cleared }),
    accountId: e.accountId,
    type: e.type,
    amountCents: e.amountCents.toString(),
    occurredOn: e.occurredOn,
    description: e.description,
    payee: '',
    categoryId: null,
    tags: [],
    splits: splits.length
      ? splits.map((c) => ({ amountCents: c.toString(), categoryId: null }))
      : null,
    deleted: e.deleted,
  });
}

/**
 * The baseline with the change engine's records, plus a transfer A → B of 5.00, w1 created
 * split in two lines, and e1 edited from 10.00 to 8.00 (change c-m1): a consistent history.
 */
function withRecords(): CheckInput {
  const input = baseline();
  const body = (key: string) => `{"success":true,"data":{"changeId":"c-${key}"}}`;
  for (const o of input.operations)
    for (const a of o.attempts) if (a.status === 200) a.bodyText = body(o.key);
  const t1: Operation = {
    ...op('t1', 'deposit', A, 500n, [attempt('original', 200, body('t1'))]),
    kind: 'transfer',
    toAccountId: B,
  };
  const m1: Operation = {
    ...op('m1', 'deposit', B, 800n, [attempt('original', 200, body('m1'))]),
    kind: 'edit',
    description: '',
    target: { id: 'row-e1', entryKey: 'e1' },
  };
  input.operations.push(t1, m1);
  input.snapshot.rows.push(
    {
      id: 'row-t1-out',
      accountId: A,
      type: 'transfer_out',
      amountCents: 500n,
      description: t1.description,
    },
    {
      id: 'row-t1-in',
      accountId: B,
      type: 'transfer_in',
      amountCents: 500n,
      description: t1.description,
    },
  );
  account(input, A).balanceCents -= 500n;
  account(input, B).balanceCents += 500n + 200n;
  const e1 = input.snapshot.rows.find((r) => r.id === 'row-e1');
  if (e1) e1.amountCents = 800n;
  const entries: LedgerEntry[] = input.snapshot.rows.map((r) => ({
    ...r,
    occurredOn: '2026-11-01',
    transferId: r.id.startsWith('row-t1') ? 'tr1' : null,
    deleted: false,
    cleared: 'uncleared',
  }));
  const keyOf = (e: LedgerEntry) => e.description.replace('reliability ', '');
  const records: ChangeRecords = {
    rates: [],
    entries,
    history: entries.map((e) => ({
      changeId: `c-${keyOf(e)}`,
      entryId: e.id,
      before: null,
      after:
        e.id === 'row-e1'
          ? snap({ ...e, amountCents: 1_000n })
          : snap(e, e.id === 'row-w1' ? [1_000n, 1_500n] : []),
    })),
    splits: [
      { entryId: 'row-w1', amountCents: 1_000n },
      { entryId: 'row-w1', amountCents: 1_500n },
    ],
    changes: [...new Set(entries.map((e) => `c-${keyOf(e)}`))].map((id) => ({
      id,
      kind: id === 'c-t1' ? 'transfer' : 'create',
    })),
    reconciliations: [],
  };
  const edited = entries.find((e) => e.id === 'row-e1');
  if (edited) {
    records.history.push({
      changeId: 'c-m1',
      entryId: edited.id,
      before: snap({ ...edited, amountCents: 1_000n }),
      after: snap(edited),
    });
    records.changes.push({ id: 'c-m1', kind: 'update' });
  }
  input.snapshot.records = records;
  return input;
}

const records = (input: CheckInput): ChangeRecords => {
  if (!input.snapshot.records) throw new Error('self-test: no change records');
  return input.snapshot.records;
};

/**
 * The history with records, plus s1 (100.00 on A) marked cleared (change c-k1), A reconciled at
 * 100.00 on 2026-11-30 (change c-r1, s1 reconciled) and s1 moved to 2026-11-02 by an edit
 * (change c-m2), confirmed or not: consistent when confirmed.
 */
function withReconciliation(editConfirmed: boolean): CheckInput {
  const input = withRecords();
  const all = records(input);
  const entry = all.entries.find((e) => e.id === 'row-s1');
  if (!entry) throw new Error('self-test: no s1');
  const answer = (id: string, extra = '') => `{"success":true,"data":{"changeId":"${id}"${extra}}}`;
  const mutation = (key: string, kind: Operation['kind'], bodyText: string): Operation => ({
    ...op(key, 'deposit', A, 0n, [attempt('original', 200, bodyText)]),
    kind,
    description: '',
  });
  const uncleared = snap(entry);
  const cleared = snap({ ...entry, cleared: 'cleared' });
  const reconciled = snap({ ...entry, cleared: 'reconciled' });
  const moved = { ...entry, cleared: 'reconciled', occurredOn: '2026-11-02' };
  Object.assign(entry, moved);
  input.operations.push(
    {
      ...mutation('k1', 'clear', answer('c-k1')),
      target: { id: entry.id, entryKey: 's1' },
      body: { cleared: true },
    },
    {
      ...mutation('r1', 'reconcile', answer('c-r1', ',"count":1')),
      body: { statementOn: '2026-11-30', statementBalance: 100 },
    },
    {
      ...mutation('m2', 'edit', answer('c-m2')),
      target: { id: entry.id, entryKey: 's1' },
      body: { occurredOn: '2026-11-02', ...(editConfirmed && { confirmReconciled: true }) },
      confirmReconciled: editConfirmed,
    },
  );
  all.history.push(
    { changeId: 'c-k1', entryId: entry.id, before: uncleared, after: cleared },
    { changeId: 'c-r1', entryId: entry.id, before: cleared, after: reconciled },
    { changeId: 'c-m2', entryId: entry.id, before: reconciled, after: snap(moved) },
  );
  all.changes.push(
    { id: 'c-k1', kind: 'clear' },
    { id: 'c-r1', kind: 'reconcile' },
    { id: 'c-m2', kind: 'update' },
  );
  all.reconciliations.push({
    changeId: 'c-r1',
    accountId: A,
    statementOn: '2026-11-30',
    statementBalanceCents: 10_000n,
  });
  return input;
}

/** Faults in cleared marks, reconciliations and the lock on reconciled entries. */
const RECONCILIATION_PLANTS: (Plant & { confirmed: boolean })[] = [
  {
    fault: 'an entry cleared, reconciled and changed with confirmation, consistent',
    expect: null,
    confirmed: true,
    plant: () => {},
  },
  {
    fault: 'a reconciled entry changed by an edit that did not confirm (the lock broken)',
    expect: 'r',
    confirmed: false,
    plant: () => {},
  },
  {
    fault: 'an acknowledged reconciliation with no record (lost)',
    expect: 'q',
    confirmed: true,
    plant: (input) => {
      records(input).reconciliations.length = 0;
    },
  },
  {
    fault: 'a reconciliation recorded twice (a duplicate that reconciled again)',
    expect: 'q',
    confirmed: true,
    plant: (input) => {
      records(input).changes.push({ id: 'c-r1b', kind: 'reconcile' });
      records(input).reconciliations.push({
        changeId: 'c-r1b',
        accountId: A,
        statementOn: '2026-11-30',
        statementBalanceCents: 10_000n,
      });
    },
  },
  {
    fault: 'a reconciliation recorded at another balance than the statement sent',
    expect: 'q',
    confirmed: true,
    plant: (input) => {
      const record = records(input).reconciliations[0];
      if (record) record.statementBalanceCents = 9_999n;
    },
  },
  {
    fault: 'a reconciliation that marked an uncleared entry reconciled',
    expect: 'q',
    confirmed: true,
    plant: (input) => {
      const row = records(input).history.find((h) => h.changeId === 'c-r1');
      if (row) row.before = row.before?.replace('"cleared":"cleared",', '') ?? null;
    },
  },
];

/** Faults in edits, deletes and undos, caught through the change engine's records. */
const RECORD_PLANTS: Plant[] = [
  {
    fault: 'an edited entry, a transfer and a split, all consistent',
    expect: null,
    plant: () => {},
  },
  {
    fault: 'an edit that moved the amount without its history',
    expect: 'i',
    plant: (input) => {
      const h = records(input).history.at(-1);
      if (h) h.after = (h.before ?? '').replace('"1000"', '"900"');
    },
  },
  {
    fault: 'one leg of a transfer edited alone',
    expect: 'j',
    plant: (input) => {
      const leg = records(input).entries.find((e) => e.id === 'row-t1-in');
      if (leg) leg.amountCents = 400n;
    },
  },
  {
    fault: 'split lines that no longer add up',
    expect: 'k',
    plant: (input) => {
      const line = records(input).splits[0];
      if (line) line.amountCents = 999n;
    },
  },
  {
    fault: 'a refused edit that recorded a change',
    expect: 'l',
    plant: (input) => {
      records(input).changes.push({ id: 'c-refused', kind: 'update' });
    },
  },
  {
    fault: 'a rule applied to two entries and undone, consistent',
    expect: null,
    plant: (input) => withRuleApply(input),
  },
  {
    fault: 'a rule apply that changed an entry it did not name',
    expect: 'l',
    plant: (input) => withRuleApply(input, ['row-s1', 'row-s2', 'row-e1']),
  },
  {
    fault: 'an acknowledged undo whose change is not recorded',
    expect: 'l',
    plant: (input) => {
      input.operations.push({
        ...op('u9', 'deposit', A, 0n, [
          attempt('original', 200, '{"success":true,"data":{"changeId":"c-u9"}}'),
        ]),
        kind: 'undo',
        target: { id: 'c-m1', entryKey: 'e1' },
      });
    },
  },
];

/**
 * The history with records, plus D in JPY and two transfers A (USD) -> D on 2026-11-01: t2 sends
 * 5.00 USD and receives 750 JPY (rate 150), then t3 sends 10.00 and receives 1,510 (151), so the
 * day's transfer rate is 151. And two rates by hand of USD -> JPY on 2026-11-02: mr1 149.5, then
 * mr2 150.25 sent after mr1's answer, then mr1 again with its key (replayed): 150.25 stands.
 */
function withCurrencies(): CheckInput {
  const input = withRecords();
  const r = records(input);
  for (const a of input.snapshot.accounts) a.currency = 'USD';
  input.accounts.push({ id: D, title: 'D', hot: false, estimateCents: 0n, currency: 'JPY' });
  input.snapshot.accounts.push({ id: D, balanceCents: 0n, currency: 'JPY' });
  const body = (key: string) => `{"success":true,"data":{"changeId":"c-${key}"}}`;
  const transfers: [string, bigint, bigint][] = [
    ['t2', 500n, 750n],
    ['t3', 1_000n, 1_510n],
  ];
  for (const [key, sent, received] of transfers) {
    const t: Operation = {
      ...op(key, 'deposit', A, sent, [attempt('original', 200, body(key))]),
      kind: 'transfer',
      toAccountId: D,
      currency: 'USD',
      toCurrency: 'JPY',
      receivedCents: received,
    };
    input.operations.push(t);
    const leg = (
      id: string,
      accountId: string,
      type: 'transfer_out' | 'transfer_in',
      cents: bigint,
    ): LedgerEntry => ({
      id,
      accountId,
      type,
      amountCents: cents,
      description: t.description,
      occurredOn: '2026-11-01',
      transferId: `tr-${key}`,
      deleted: false,
      cleared: 'uncleared',
    });
    for (const e of [
      leg(`row-${key}-out`, A, 'transfer_out', sent),
      leg(`row-${key}-in`, D, 'transfer_in', received),
    ]) {
      input.snapshot.rows.push({
        id: e.id,
        accountId: e.accountId,
        type: e.type,
        amountCents: e.amountCents,
        description: e.description,
      });
      r.entries.push(e);
      r.history.push({ changeId: `c-${key}`, entryId: e.id, before: null, after: snap(e) });
      account(input, e.accountId ?? '').balanceCents += rowSignedCents(e.type, e.amountCents);
    }
    r.changes.push({ id: `c-${key}`, kind: 'transfer' });
  }
  r.rates.push({ base: 'USD', quote: 'JPY', day: '2026-11-01', rate: '151', source: 'transfer' });
  const rate = (key: string, value: string, attempts: Attempt[]): Operation => ({
    key,
    kind: 'rate',
    accountId: '',
    amountCents: 0n,
    description: '',
    phase: 'load',
    overdraw: false,
    body: { base: 'USD', quote: 'JPY', day: '2026-11-02', rate: value },
    attempts,
  });
  const answered = (role: AttemptRole, value: string, sentAt: number, replayed = false) => ({
    ...attempt(role, 200, `{"success":true,"data":{"rate":"${value}"}}`, replayed),
    sentAt,
    at: sentAt + 5,
  });
  input.operations.push(
    rate('mr1', '149.5', [
      answered('original', '149.5', 10),
      answered('later-duplicate', '149.5', 50, true),
    ]),
    rate('mr2', '150.25', [answered('original', '150.25', 30)]),
  );
  r.rates.push({ base: 'USD', quote: 'JPY', day: '2026-11-02', rate: '150.25', source: 'manual' });
  return input;
}

const entry = (input: CheckInput, id: string): LedgerEntry => {
  const found = records(input).entries.find((e) => e.id === id);
  if (!found) throw new Error(`self-test: no entry ${id}`);
  return found;
};
const ledgerRow = (input: CheckInput, id: string): LedgerRow => {
  const found = input.snapshot.rows.find((r) => r.id === id);
  if (!found) throw new Error(`self-test: no row ${id}`);
  return found;
};
/** Sets a transfer leg's amount in the ledger, its records and its account's balance alike. */
function setLeg(input: CheckInput, id: string, cents: bigint): void {
  const e = entry(input, id);
  const delta = cents - e.amountCents;
  e.amountCents = cents;
  ledgerRow(input, id).amountCents = cents;
  const h = [...records(input).history].reverse().find((x) => x.entryId === id);
  if (h) h.after = snap(e);
  account(input, e.accountId ?? '').balanceCents += e.type === 'transfer_in' ? delta : -delta;
}
const transferRate = (input: CheckInput) => {
  const found = records(input).rates.find((x) => x.source === 'transfer');
  if (!found) throw new Error('self-test: no transfer rate');
  return found;
};

/** Faults in currencies: per-currency totals, the legs of a transfer between two, the rates. */
const CURRENCY_PLANTS: Plant[] = [
  {
    fault: 'transfers USD -> JPY (sent 5.00, received 750) and rates by hand, consistent',
    expect: null,
    plant: () => {},
  },
  {
    fault: '250 more cents left A and 250 more yen reached D (the sum across currencies holds)',
    expect: 'c',
    plant: (input) => {
      setLeg(input, 'row-t2-out', 750n);
      setLeg(input, 'row-t2-in', 1_000n);
    },
  },
  {
    fault: 'a transfer between two currencies whose in leg holds the sent amount',
    expect: 'd',
    plant: (input) => setLeg(input, 'row-t2-in', 500n),
  },
  {
    fault: 'a transfer moved into one currency (D -> B) with its legs still of two amounts',
    expect: 'j',
    plant: (input) => {
      const e = entry(input, 'row-t2-in');
      account(input, D).balanceCents -= e.amountCents;
      account(input, B).balanceCents += e.amountCents;
      e.accountId = B;
      ledgerRow(input, e.id).accountId = B;
      const h = [...records(input).history].reverse().find((x) => x.entryId === e.id);
      if (h) h.after = snap(e);
    },
  },
  {
    fault: "the day's transfer rate left at an older transfer's (150, not the latest 151)",
    expect: 's',
    plant: (input) => {
      transferRate(input).rate = '150';
    },
  },
  {
    fault: "the transfer rate written another way than the book's (151.0)",
    expect: 's',
    plant: (input) => {
      transferRate(input).rate = '151.0';
    },
  },
  {
    fault: 'no transfer rate for a day with live transfers between two currencies',
    expect: 's',
    plant: (input) => {
      records(input).rates = records(input).rates.filter((x) => x.source !== 'transfer');
    },
  },
  {
    fault: 'a transfer rate left for a pair and day without a live transfer',
    expect: 's',
    plant: (input) => {
      records(input).rates.push({
        base: 'USD',
        quote: 'KWD',
        day: '2026-11-01',
        rate: '0.3',
        source: 'transfer',
      });
    },
  },
  {
    fault: 'an acknowledged rate by hand that is not stored (lost)',
    expect: 't',
    plant: (input) => {
      records(input).rates = records(input).rates.filter((x) => x.source !== 'manual');
    },
  },
  {
    fault: 'a rate key sent twice that wrote twice (its replay undid the rate sent after it)',
    expect: 't',
    plant: (input) => {
      const manual = records(input).rates.find((x) => x.source === 'manual');
      if (manual) manual.rate = '149.5';
    },
  },
  {
    fault: 'a rate by hand that no request sent',
    expect: 't',
    plant: (input) => {
      records(input).rates.push({
        base: 'JPY',
        quote: 'KWD',
        day: '2026-11-02',
        rate: '0.002',
        source: 'manual',
      });
    },
  },
];

/** Returns the problems found with the checker; empty when it works. */
export function selfTestChecker(): { planted: number; problems: string[] } {
  const problems: string[] = [];
  const clean = checkInvariants(baseline());
  if (clean.violations.length > 0) {
    problems.push(`a consistent history was reported as violating: ${clean.violations.join('; ')}`);
  }
  const planted = [
    ...PLANTS.map((plant) => ({ plant, input: baseline() })),
    ...RECORD_PLANTS.map((plant) => ({ plant, input: withRecords() })),
    ...RECONCILIATION_PLANTS.map((plant) => ({
      plant,
      input: withReconciliation(plant.confirmed),
    })),
    ...CURRENCY_PLANTS.map((plant) => ({ plant, input: withCurrencies() })),
  ];
  for (const { plant, input } of planted) {
    plant.plant(input);
    const report = checkInvariants(input);
    if (plant.expect === null) {
      if (report.violations.length > 0) {
        problems.push(`${plant.fault}: reported as ${report.violations.join('; ')}`);
      }
    } else if (!report.checks.some((c) => c.id === plant.expect && !c.ok)) {
      problems.push(`planted fault not caught by (${plant.expect}): ${plant.fault}`);
    }
  }
  // The check on a ledger read mid-load (crash runs, after each restart): a consistent one
  // passes, one with a lone transfer leg edited does not.
  const live = withRecords();
  const liveProblems = checkSnapshot(live.snapshot, [A, B]);
  if (liveProblems.length > 0) {
    problems.push(`a consistent live snapshot was reported as ${liveProblems.join('; ')}`);
  }
  const leg = records(live).entries.find((e) => e.id === 'row-t1-in');
  if (leg) leg.amountCents = 400n;
  if (checkSnapshot(live.snapshot, [A, B]).length === 0) {
    problems.push('planted fault not caught on a live snapshot: one transfer leg edited alone');
  }
  // The transfer rates hold in every committed state: checked on a live snapshot too.
  const fx = withCurrencies();
  const fxProblems = checkSnapshot(fx.snapshot, [A, B, D]);
  if (fxProblems.length > 0) {
    problems.push(
      `a consistent live snapshot with currencies was reported as ${fxProblems.join('; ')}`,
    );
  }
  transferRate(fx).rate = '150';
  if (!checkSnapshot(fx.snapshot, [A, B, D]).some((p) => p.startsWith('(s) '))) {
    problems.push("planted fault not caught on a live snapshot: an older transfer's rate");
  }
  return { planted: planted.length + 4, problems };
}
