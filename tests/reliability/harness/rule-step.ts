import { dataOfText, type ApiClient } from './client.js';
import { BASE_CURRENCY, unitsToMinor } from './money.js';
import {
  acknowledgement,
  descriptionFor,
  keyFromDescription,
  type Operation,
} from './operations.js';
import type { Sender } from './sender.js';

/** One entry a rule test lists for "apply" (POST /api/rules/test, `toApply`). */
interface ToApply {
  id: string;
  version: number;
  description: string;
}

interface RuleTest {
  changes: number;
  toApply: ToApply[];
}

export interface RuleStepResult {
  /** The apply (sent twice at once, then once more after its answer) and its undo. */
  operations: Operation[];
  /** What went wrong besides what (a)-(l) check: check (p). */
  problems: string[];
}

/**
 * After the load: three deposits of its own, then a rule matching them is created, tested,
 * applied to the entries its test listed and the apply undone (POST /api/rules, /api/rules/test, /api/rules/apply, /api/changes/{id}/undo;
 * docs/import.md#rules). The apply and the undo are operations like the load's, so (e)-(g) and
 * (i)-(l) cover them; (p) adds what is particular to rules: the test lists exactly the
 * deposits it should, an apply moves no money, and the undo leaves the entries to change again.
 */
export async function runRuleStep(input: {
  api: ApiClient;
  token: string;
  sender: Sender;
  runId: string;
  /** An account the rule's entries are deposited to. */
  accountId: string;
}): Promise<RuleStepResult> {
  const { api, token, sender, runId } = input;
  const problems: string[] = [];
  const operations: Operation[] = [];
  const draft = {
    name: `Reliability ${runId}`,
    match: { field: 'description', operator: 'contains', value: `${runId}-rule-entry-` },
    set: { payee: `Rule ${runId}` },
  };
  const call = async <T>(method: string, path: string, body?: object, key?: string) => {
    const answer = await api.request(method, path, { token, body, idempotencyKey: key });
    if (answer.status === null || answer.status >= 300) {
      problems.push(
        `${method} ${path} answered ${answer.status ?? answer.error}: ${answer.bodyText.slice(0, 200)}`,
      );
      return undefined;
    }
    return dataOfText<T>(answer.bodyText);
  };
  const balances = async () => {
    const accounts = await call<{ id: string; balance: number; currency?: string }[]>(
      'GET',
      '/api/account',
    );
    return (accounts ?? [])
      .map((a) => `${a.id}=${unitsToMinor(a.balance, a.currency ?? BASE_CURRENCY)}`)
      .sort()
      .join(' ');
  };

  // Its own entries, the newest of the book: a test scans the newest entries only.
  const deposits = [0, 1, 2].map((i): Operation => ({
    key: `${runId}-rule-entry-${i}`,
    kind: 'deposit',
    accountId: input.accountId,
    amountCents: BigInt(100 + i),
    description: descriptionFor(`${runId}-rule-entry-${i}`),
    phase: 'load',
    overdraw: false,
    attempts: [],
  }));
  operations.push(...deposits);
  await Promise.all(deposits.map((deposit) => sender.settle(deposit, 'original')));
  const depositKeys = deposits.filter((d) => acknowledgement(d)).map((d) => d.key);

  await call('POST', '/api/rules', draft, `${runId}-rule-create`);
  const test = await call<RuleTest>('POST', '/api/rules/test', draft);
  if (!test) return { operations, problems };
  const keys = test.toApply.map((e) => keyFromDescription(e.description) ?? e.description);
  if (keys.slice().sort().join() !== depositKeys.join()) {
    problems.push(`the rule test listed ${keys.join(', ')}, not ${depositKeys.join(', ')}`);
  }
  const [firstKey] = keys;
  if (firstKey === undefined) return { operations, problems };

  const before = await balances();
  const apply: Operation = {
    key: `${runId}-rule-apply`,
    kind: 'rule-apply',
    body: { ...draft, entries: test.toApply.map(({ id, version }) => ({ id, version })) },
    target: { id: '', entryKey: firstKey },
    entryKeys: keys,
    accountId: '',
    amountCents: 0n,
    description: '',
    phase: 'load',
    overdraw: false,
    attempts: [],
  };
  operations.push(apply);
  await Promise.all([
    sender.settle(apply, 'original'),
    sender.settle(apply, 'concurrent-duplicate'),
  ]);
  await sender.settle(apply, 'later-duplicate');
  const applied = acknowledgement(apply);
  const changeId = applied && dataOfText<{ changeId?: string; count?: number }>(applied.bodyText);
  if (!changeId?.changeId) {
    problems.push(`the apply was not acknowledged with a change: ${apply.attempts[0]?.status}`);
    return { operations, problems };
  }
  if (changeId.count !== keys.length) {
    problems.push(`the apply changed ${changeId.count} entries, its test listed ${keys.length}`);
  }
  if ((await balances()) !== before) problems.push('applying a rule moved money');
  const retest = await call<RuleTest>('POST', '/api/rules/test', draft);
  if (retest?.changes !== 0)
    problems.push(`after the apply ${retest?.changes} entries still change`);

  const undo: Operation = {
    ...apply,
    key: `${runId}-rule-undo`,
    kind: 'undo',
    body: undefined,
    target: { id: changeId.changeId, entryKey: firstKey },
    attempts: [],
  };
  operations.push(undo);
  await sender.settle(undo, 'original');
  if (!acknowledgement(undo)) {
    problems.push(`the undo of the apply answered ${undo.attempts[0]?.status}`);
  }
  if ((await balances()) !== before) problems.push('undoing a rule apply moved money');
  const after = await call<RuleTest>('POST', '/api/rules/test', draft);
  if (after?.changes !== keys.length) {
    problems.push(`after the undo ${after?.changes} entries would change, not ${keys.length}`);
  }
  return { operations, problems };
}
