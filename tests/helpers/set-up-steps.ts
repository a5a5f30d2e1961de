import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Outcome } from './doors.js';
import type { TestApp, TestUser } from './test-app.js';

// Steps a test takes to set up its book, not the behaviour it checks: each must succeed, and a
// failure names the answer it got.

/** The data of an answer that must be 200; the test fails with the body otherwise. */
export function okData(outcome: Outcome) {
  expect(outcome.status, JSON.stringify(outcome.body).slice(0, 500)).toBe(200);
  return outcome.body.data;
}

/** A REST call that must succeed (each write with its own Idempotency-Key); its data. */
export async function restData(
  t: TestApp,
  user: TestUser,
  method: string,
  url: string,
  payload?: object,
) {
  const res = await t.rest(user, {
    method,
    url,
    ...(payload !== undefined && { payload }),
    headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
  });
  return okData({ status: res.statusCode, body: res.json() });
}

/** The id of the user's book's category with this name (one of the defaults, or one made). */
export async function categoryIdByName(t: TestApp, user: TestUser, name: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', user.bookId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}
