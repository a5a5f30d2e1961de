/**
 * The checker's own test: a small consistent history passes, and each planted fault (a lost
 * write, a duplicate effect, an overdraft...) is reported by the invariant meant to catch it.
 * Runs in milliseconds, before the real scenarios, so a checker that has gone blind fails loudly.
 */
import { checkInvariants, type CheckInput } from './invariants.js';
import type { LedgerRow } from './ledger-reader.js';
import {
  descriptionFor,
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
    type: o.kind === 'transfer' ? 'transfer_out' : o.kind,
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
      { id: A, title: 'A', hot: true, estimateCents: 0n },
      { id: B, title: 'B', hot: false, estimateCents: 0n },
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
];

/** Returns the problems found with the checker; empty when it works. */
export function selfTestChecker(): { planted: number; problems: string[] } {
  const problems: string[] = [];
  const clean = checkInvariants(baseline());
  if (clean.violations.length > 0) {
    problems.push(`a consistent history was reported as violating: ${clean.violations.join('; ')}`);
  }
  for (const plant of PLANTS) {
    const input = baseline();
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
  return { planted: PLANTS.length + 1, problems };
}
