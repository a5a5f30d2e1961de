import { plainCsvMapping } from '../helpers/csv-mapping.js';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooMuchPatternText } from '../../src/server/features/rules/rule-match.js';
import { PATTERN_MESSAGES } from '../../src/server/features/rules/safe-pattern.js';
import { threadCpuMs } from '../helpers/cpu-time.js';
import { DOORS, trpcOutcome, type Door, type Outcome } from '../helpers/doors.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// Security review, finding 1 (docs/import.md#rules, decision 018): a rule's pattern runs on a
// linear-time engine, in slices that leave the event loop free, with the text all patterns of
// one request may read bounded before matching starts. Each heavy request below runs while
// the event loop is watched: what matters is that the process never stopped answering.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The longest the event loop was held while `work` ran, in CPU milliseconds of its thread
 * between two turns (a busy machine descheduling the process does not count), and the longest
 * delay of a timer as the clock on the wall saw it (for the failure message).
 */
async function watchEventLoop<T>(work: () => Promise<T>) {
  const delays = monitorEventLoopDelay({ resolution: 5 });
  delays.enable();
  let last = threadCpuMs();
  let heldMs = 0;
  const sample = () => {
    const now = threadCpuMs();
    heldMs = Math.max(heldMs, now - last);
    last = now;
  };
  const beat = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    // One more turn, so a timer held up to the end is measured too.
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { result, heldMs, delayMs: delays.max / 1e6 };
  } finally {
    clearInterval(beat);
    delays.disable();
  }
}

/** Most CPU one stretch of the event loop may take: slices are 5 ms, a blocked loop seconds. */
const HELD_MAX_MS = 200;

async function unblocked(work: () => Promise<Outcome>): Promise<Outcome> {
  const { result, heldMs, delayMs } = await watchEventLoop(work);
  expect(
    heldMs,
    `event loop held ${heldMs.toFixed(0)} ms of CPU (longest timer delay ${delayMs.toFixed(0)} ms)`,
  ).toBeLessThan(HELD_MAX_MS);
  return result;
}

function ok(outcome: Outcome) {
  expect(outcome.status, JSON.stringify(outcome.body).slice(0, 500)).toBe(200);
  return outcome.body.data;
}

/** The rules, import and book procedures through one door. */
function ruleDoor(door: Door['name'], user: TestUser) {
  const rest = async (method: string, url: string, payload?: object): Promise<Outcome> => {
    const res = await t.rest(user, {
      method,
      url,
      ...(payload !== undefined && { payload }),
      headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const caller = t.caller(user);
  const trpc = trpcOutcome;
  const any = (input: unknown) => input as never;
  return door === 'rest'
    ? {
        createRule: (draft: object) => rest('POST', '/api/rules', draft),
        updateRule: (id: string, draft: object) => rest('PATCH', `/api/rules/${id}`, draft),
        listRules: () => rest('GET', '/api/rules'),
        testRule: (draft: object) => rest('POST', '/api/rules/test', draft),
        preview: (input: object) => rest('POST', '/api/imports/preview', input),
        commit: (input: object) => rest('POST', '/api/imports', input),
        applyRules: (on: boolean) => rest('PATCH', '/api/book', { applyRulesToManualEntries: on }),
      }
    : {
        createRule: (draft: object) => trpc(() => caller.rules.create(any(draft))),
        updateRule: (id: string, draft: object) =>
          trpc(() => caller.rules.update(any({ ...draft, id }))),
        listRules: () => trpc(() => caller.rules.list({})),
        testRule: (draft: object) => trpc(() => caller.rules.test(any(draft))),
        preview: (input: object) => trpc(() => caller.imports.preview(any(input))),
        commit: (input: object) => trpc(() => caller.imports.commit(any(input))),
        applyRules: (on: boolean) =>
          trpc(() => caller.book.update({ applyRulesToManualEntries: on })),
      };
}

const csv = (descriptions: readonly string[]) =>
  Buffer.from(
    `Date,Description,Amount\n${descriptions.map((d) => `2026-03-01,${d},1.00`).join('\n')}\n`,
  ).toString('base64');

/** Deterministic text of a's and b's: what RE2's slowest patterns below work hardest on. */
function abText(seed: number, length: number): string {
  let state = seed >>> 0;
  let text = '';
  while (text.length < length) {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    text += state & 0x10000 ? 'a' : 'b';
  }
  return text;
}

describe.each(DOORS)(
  'rule patterns never hold the event loop, through %s',
  (doorName, makeDoor) => {
    let user: TestUser;
    let api: Door;
    let rules: ReturnType<typeof ruleDoor>;
    let account: string;

    beforeAll(async () => {
      user = await t.signUp();
      api = makeDoor(t, user);
      rules = ruleDoor(doorName, user);
      account = ok(await api.createAccount({ title: 'Everyday' })).id;
      ok(await api.deposit(account, { amount: 1000, description: 'Opening' }));
    });

    it('runs a catastrophic-backtracking pattern in a rule test, an import preview and an entry added by hand', async () => {
      // On a backtracking engine, \d*\d*\d*\d*x on 150 digits it cannot match takes seconds
      // (O(n^4)); on RE2, microseconds.
      const digits = '1'.repeat(150);
      const draft = {
        name: 'Digits',
        match: { field: 'either', operator: 'matches', value: '\\d*\\d*\\d*\\d*x' },
        set: { payee: 'Digits' },
      };
      const digitEntry = ok(
        await api.createExpense({ accountId: account, amount: 1, description: digits }),
      );
      const rule = ok(await rules.createRule(draft));

      const tested = ok(await unblocked(() => rules.testRule(draft)));
      expect(tested.scanned).toBeGreaterThanOrEqual(2);
      expect(tested.matched).toBe(0);

      const review = ok(
        await unblocked(() =>
          rules.preview({ accountId: account, content: csv([digits, `${digits}x`, 'Coffee']) }),
        ),
      );
      expect(review.rows.map((row: { ruleId: string | null }) => row.ruleId)).toEqual([
        null,
        rule.id,
        null,
      ]);

      ok(await rules.applyRules(true));
      try {
        const typed = ok(
          await unblocked(() =>
            api.createExpense({ accountId: account, amount: 2, description: digits }),
          ),
        );
        expect(typed.ruleId).toBeNull();
        const matched = ok(
          await unblocked(() =>
            api.createExpense({ accountId: account, amount: 2, description: `${digits}x` }),
          ),
        );
        expect(matched).toMatchObject({ ruleId: rule.id, transaction: { payee: 'Digits' } });
      } finally {
        ok(await rules.applyRules(false));
      }
      expect(digitEntry.transaction.description).toBe(digits);
      ok(await rules.updateRule(rule.id, { ...draft, enabled: false }));
    });

    it('paces RE2’s slowest patterns over a thousand rows and entries, and bounds their text before running them', async () => {
      // A pattern RE2 cannot hold in its DFA runs on its NFA: about a millisecond per row here,
      // a second per request, which must come in slices.
      const descriptions = Array.from({ length: 1000 }, (_, index) =>
        index % 100 === 7 ? `${abText(index, 489)}a123456789c` : abText(index, 500),
      );
      // Every row a deposit: the columns confirmed, as a person would.
      const file = { accountId: account, content: csv(descriptions), mapping: plainCsvMapping() };
      ok(await rules.commit(file));
      const draft = {
        name: 'Hard for RE2',
        match: { field: 'description', operator: 'matches', value: '(?:.{0,9}){7}a.{9}c' },
        set: { payee: 'Hard' },
      };
      const rule = ok(await rules.createRule(draft));

      const tested = ok(await unblocked(() => rules.testRule(draft)));
      expect(tested).toMatchObject({ scanned: expect.any(Number), matched: 10 });
      expect(tested.scanned).toBeGreaterThanOrEqual(1000);

      const review = ok(await unblocked(() => rules.preview(file)));
      expect(
        review.rows.filter((row: { ruleId: string | null }) => row.ruleId === rule.id),
      ).toHaveLength(10);

      // Six more such rules read 7 x 500,000 characters of this file: over RULE_PATTERN_TEXT_MAX,
      // refused before any pattern runs.
      const created = [rule.id];
      for (let index = 0; index < 6; index += 1) {
        created.push(ok(await rules.createRule({ ...draft, name: `Hard ${index}` })).id);
      }
      const refused = await unblocked(() => rules.preview(file));
      expect(refused).toMatchObject({
        status: 422,
        body: { success: false, message: tooMuchPatternText(7 * 500_000) },
      });
      for (const id of created) ok(await rules.updateRule(id, { ...draft, enabled: false }));
    });

    it('keeps a stored pattern the engine refuses from failing anything: its rule matches nothing', async () => {
      // Saved under an earlier version: a backreference, and a repeat RE2 does not take.
      const stored: { id: string; value: string }[] = [];
      for (const value of ['(s)\\1', 'x{1001}']) {
        const row = await t.database.db
          .insertInto('rules')
          .values({
            book_id: user.bookId,
            name: `Old ${value}`,
            position: 1000 + stored.length,
            match_field: 'description',
            match_operator: 'matches',
            match_value: value,
            account_id: null,
            amount_min_cents: null,
            amount_max_cents: null,
            set_category_id: null,
            set_payee: 'Old',
            set_tags: null,
            set_description: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        stored.push({ id: row.id, value });
      }
      expect(
        ok(await rules.listRules())
          .filter((rule: { id: string }) => stored.some((old) => old.id === rule.id))
          .map((rule: { match: { value: string } }) => rule.match.value),
      ).toEqual(['(s)\\1', 'x{1001}']);

      const review = ok(
        await rules.preview({ accountId: account, content: csv(['ss', 'x'.repeat(1001)]) }),
      );
      expect(review.rows.map((row: { ruleId: string | null }) => row.ruleId)).toEqual([null, null]);
      ok(await rules.applyRules(true));
      try {
        expect(
          ok(await api.createExpense({ accountId: account, amount: 1, description: 'ss' })).ruleId,
        ).toBeNull();
      } finally {
        ok(await rules.applyRules(false));
      }
      // Saving it again says why it is refused.
      const [backreference, repeat] = stored;
      const draftOf = (value: string) => ({
        name: 'Old',
        match: { field: 'description', operator: 'matches', value },
        set: { payee: 'Old' },
      });
      expect(
        await rules.updateRule(backreference?.id ?? '', draftOf(backreference?.value ?? '')),
      ).toMatchObject({ status: 422, body: { message: PATTERN_MESSAGES.unsafe } });
      expect(await rules.updateRule(repeat?.id ?? '', draftOf(repeat?.value ?? ''))).toMatchObject({
        status: 422,
        body: { message: PATTERN_MESSAGES.tooComplex },
      });
      await t.database.db
        .deleteFrom('rules')
        .where(
          'id',
          'in',
          stored.map((old) => old.id),
        )
        .execute();
    });
  },
);
