import { sql } from 'kysely';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_PER_BOOK_MAX } from '../../src/shared/limits.js';
import { describeError } from '../../src/server/trpc/errors.js';
import { RULE_MESSAGES } from '../../src/server/features/rules/rule-service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * Security review, finding 10: creates sent without an Idempotency-Key ran on the pool, where
 * the lock on the book's rules held for nothing, so parallel creates passed the cap (205 rules
 * at a cap of 200). Each create now counts and inserts in one transaction under that lock.
 * PGlite runs one transaction at a time, so only PostgreSQL can show the race.
 */
describe.runIf(testBackend === 'postgres')(
  'the rules cap under parallel creates (postgres)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ poolSize: 20 });
    });
    afterAll(() => t.close());

    it('lets exactly the creates that fit through, 30 at once without Idempotency-Key, through both doors', async () => {
      const user = await t.signUp();
      const room = 5;
      await sql`INSERT INTO rules (book_id, name, position, match_field, match_operator, match_value, set_payee)
      SELECT ${user.bookId}::uuid, 'Rule ' || n, n - 1, 'description', 'contains', 'shop ' || n, 'Shop'
      FROM generate_series(1, ${RULES_PER_BOOK_MAX - room}) AS n`.execute(t.database.db);

      const draft = (index: number) => ({
        name: `Parallel ${index}`,
        match: {
          field: 'payee' as const,
          operator: 'contains' as const,
          value: `parallel ${index}`,
        },
        set: { payee: 'Parallel' },
      });
      const caller = t.caller(user);
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          if (index % 2 === 0) {
            const res = await t.rest(user, {
              method: 'POST',
              url: '/api/rules',
              payload: draft(index),
            });
            return { status: res.statusCode, message: res.json<{ message?: string }>().message };
          }
          try {
            const created = await caller.rules.create(draft(index));
            return { status: 200, message: created.message };
          } catch (error) {
            if (!(error instanceof TRPCError)) throw error;
            const { status, message } = describeError(error);
            return { status, message };
          }
        }),
      );

      const tally = new Map<string, number>();
      for (const { status, message } of outcomes) {
        const key = `${status} ${message}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      expect(Object.fromEntries(tally)).toEqual({
        '200 Rule added': room,
        [`422 ${RULE_MESSAGES.tooMany}`]: 30 - room,
      });
      const rows = await t.database.db
        .selectFrom('rules')
        .select('position')
        .where('book_id', '=', user.bookId)
        .execute();
      expect(rows).toHaveLength(RULES_PER_BOOK_MAX);
      // Each create took the next position in turn: none shared one.
      expect(new Set(rows.map((row) => row.position)).size).toBe(RULES_PER_BOOK_MAX);
    });

    it('serialises a reorder with parallel creates: it names every rule or is refused, and no position is taken twice', async () => {
      const user = await t.signUp();
      const create = (index: number) =>
        t.rest(user, {
          method: 'POST',
          url: '/api/rules',
          payload: {
            name: `Rule ${index}`,
            match: { field: 'payee', operator: 'contains', value: `shop ${index}` },
            set: { payee: 'Shop' },
          },
        });
      for (let index = 0; index < 10; index += 1)
        expect((await create(index)).statusCode).toBe(200);
      const ids = (
        await t.database.db
          .selectFrom('rules')
          .select('id')
          .where('book_id', '=', user.bookId)
          .orderBy('position')
          .execute()
      ).map((row) => row.id);

      const [reorder, ...creates] = await Promise.all([
        t.rest(user, {
          method: 'POST',
          url: '/api/rules/reorder',
          payload: { ruleIds: [...ids].reverse() },
        }),
        ...Array.from({ length: 10 }, (_, index) => create(10 + index)),
      ]);
      expect(creates.map((res) => res.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
      // The reorder ran before the creates (it named every rule then) or after them (it did not).
      expect([200, 422]).toContain(reorder?.statusCode);
      const positions = await t.database.db
        .selectFrom('rules')
        .select('position')
        .where('book_id', '=', user.bookId)
        .execute();
      expect(positions).toHaveLength(20);
      expect(new Set(positions.map((row) => row.position)).size).toBe(20);
    });
  },
);
