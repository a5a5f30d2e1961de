import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { REST_PROCEDURES, restRequest, routeName } from '../helpers/api-surface.js';
import { plantedKinds, validInput } from '../helpers/derived-cases.js';
import { fixtureOf, plantIds } from '../helpers/resources.js';
import { COMPLETED_ROUTES, completeCarefulInput } from '../helpers/careful-inputs.js';
import type { ResourceKind } from '../../src/shared/schemas/common.js';

/** Every route that honours the header, from the router's own list (docs/testing.md#derived-tables). */
const IDEMPOTENT_ROUTES = REST_PROCEDURES.filter((procedure) => procedure.idempotent).map(
  (procedure) => [routeName(procedure), procedure] as const,
);

describe('Idempotency-Key', () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: string;

  const post = (url: string, payload: object, key?: string, as: TestUser = user) =>
    t.rest(as, {
      method: 'POST',
      url,
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const deposit = (amount: number, key?: string, id = accountId) =>
    post(`/api/account/${id}/deposit`, { amount }, key);
  const balance = async (id = accountId) =>
    (await t.rest(user, { method: 'GET', url: `/api/account/${id}` })).json().data
      .balance as number;
  const ledgerRows = async (id = accountId) =>
    (
      await t.database.db
        .selectFrom('transactions')
        .select('id')
        .where('account_id', '=', id)
        .execute()
    ).length;

  beforeAll(async () => {
    t = await createTestApp({ poolSize: 20 });
    user = await t.signUp();
    accountId = (await post('/api/account', { title: 'Idempotent' })).json().data.id;
  });
  afterAll(() => t.close());

  it('replays the first outcome with the identical status and body, and no second effect', async () => {
    const key = randomUUID();
    const first = await deposit(10, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const rows = await ledgerRows();
    const replay = await deposit(10, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows()).toBe(rows);
    expect(await balance()).toBe(first.json().data.account.balance);
  });

  it('answers the same key with a different body with 422 and changes nothing', async () => {
    const key = randomUUID();
    expect((await deposit(5, key)).statusCode).toBe(200);
    const before = await moneySnapshot(t);
    const reused = await deposit(6, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    // Another operation under the same key is a different request too.
    const elsewhere = await post(`/api/account/${accountId}/withdraw`, { amount: 5 }, key);
    expect(elsewhere.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('lets exactly one of many concurrent duplicates take effect; the others replay it', async () => {
    const key = randomUUID();
    const rows = await ledgerRows();
    const start = await balance();
    const results = await Promise.all(Array.from({ length: 25 }, () => deposit(1.25, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(24);
    expect(await ledgerRows()).toBe(rows + 1);
    expect(await balance()).toBe(Math.round((start + 1.25) * 100) / 100);
  });

  it('replays a refusal: a retried overdraft stays refused and writes nothing', async () => {
    const key = randomUUID();
    const overdraft = await post(`/api/account/${accountId}/withdraw`, { amount: 1_000_000 }, key);
    expect(overdraft.statusCode).toBe(422);
    expect(overdraft.json().code).toBe('INSUFFICIENT_FUNDS');
    const rows = await ledgerRows();
    const replay = await post(`/api/account/${accountId}/withdraw`, { amount: 1_000_000 }, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
    });
    // The identical body, down to the id of the request that was refused.
    expect(replay.body).toBe(overdraft.body);
    expect(replay.headers['x-request-id']).not.toBe(overdraft.headers['x-request-id']);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows()).toBe(rows);
  });

  it('does not store validation failures: the key stays free', async () => {
    const key = randomUUID();
    expect((await deposit(0.001, key)).statusCode).toBe(400);
    const ok = await deposit(0.01, key);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps keys apart per user', async () => {
    const other = await t.signUp();
    const otherAccount = (await post('/api/account', { title: 'Theirs' }, undefined, other)).json()
      .data.id;
    const key = randomUUID();
    expect((await deposit(1, key)).statusCode).toBe(200);
    const theirs = await post(`/api/account/${otherAccount}/deposit`, { amount: 1 }, key, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('covers account creation and expenses, with and without an account', async () => {
    const createKey = randomUUID();
    const created = await post('/api/account', { title: 'Once' }, createKey);
    const again = await post('/api/account', { title: 'Once' }, createKey);
    expect(again.body).toBe(created.body);
    const titles = (await t.rest(user, { method: 'GET', url: '/api/account' }))
      .json()
      .data.map((a: { title: string }) => a.title);
    expect(titles.filter((title: string) => title === 'Once')).toHaveLength(1);

    for (const payload of [{ amount: 2, accountId }, { amount: 3 }]) {
      const key = randomUUID();
      const count = async () =>
        (
          await t.database.db
            .selectFrom('transactions')
            .select('id')
            .where('transaction_type', '=', 'expense')
            .execute()
        ).length;
      const before = await count();
      const first = await post('/api/expenses/expense', payload, key);
      const replay = await post('/api/expenses/expense', payload, key);
      expect(first.statusCode).toBe(200);
      expect(replay.body).toBe(first.body);
      expect(await count()).toBe(before + 1);
    }
  });

  it('works the same through tRPC, sharing the key with REST', async () => {
    const key = randomUUID();
    const rest = await deposit(7, key);
    const viaTrpc = await t
      .caller(user, { idempotencyKey: key })
      .account.deposit({ id: accountId, amount: 7 });
    expect(viaTrpc).toEqual(rest.json());
    await expect(
      t.caller(user, { idempotencyKey: key }).account.deposit({ id: accountId, amount: 8 }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    const trpcKey = randomUUID();
    const rows = await ledgerRows();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.caller(user, { idempotencyKey: trpcKey }).account.withdraw({ id: accountId, amount: 1 }),
      ),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await ledgerRows()).toBe(rows + 1);
  });

  it.each(['', ' ', 'a'.repeat(256), 'ключ', 'has space'])(
    'refuses the malformed key %j with 400',
    async (key) => {
      const res = await deposit(1, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    },
  );

  it('is documented on the routes that honour it', async () => {
    const doc = (await t.rest(null, { method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/account', 'post'],
      ['/api/account/{id}/deposit', 'post'],
      ['/api/account/{id}/withdraw', 'post'],
      ['/api/expenses/expense', 'post'],
    ] as const) {
      const names = (doc.paths[path][method].parameters as { name: string; in: string }[]).map(
        (p) => `${p.in}:${p.name}`,
      );
      expect(names, path).toContain('header:idempotency-key');
    }
  });

  describe('on every route that honours it', () => {
    it('finishes careful inputs only for routes that exist', () => {
      const routes = new Set(REST_PROCEDURES.map(routeName));
      expect(COMPLETED_ROUTES.filter((name) => !routes.has(name))).toEqual([]);
    });

    it.each(IDEMPOTENT_ROUTES)('%s replays a retry and does it once', async (_name, route) => {
      // Resources of its own, so that no route sees what an earlier one deleted; and a second
      // account for the routes that name two (a transfer). A user of its own too: one user's
      // fixtures for every route would pass a book's cap of 200 accounts.
      const owner = await t.signUp();
      const ids: Partial<Record<ResourceKind, string>> = {};
      for (const kind of plantedKinds(REST_PROCEDURES)) {
        ids[kind] = await fixtureOf(kind).create(t, owner);
      }
      // A second account and category for the routes that name two (a transfer, a category
      // removed into another).
      const others = {
        account: [await fixtureOf('account').create(t, owner)],
        category: [await fixtureOf('category').create(t, owner)],
      };
      const careful = await completeCarefulInput(route, plantIds(validInput(route), ids, others), {
        t,
        user: owner,
      });
      const request = restRequest(route, careful.input, {
        authorization: `Bearer ${careful.user.token}`,
        'idempotency-key': randomUUID(),
        ...(careful.bookId !== undefined && { 'x-book-id': careful.bookId }),
      });
      const first = await t.app.inject(request);
      expect(first.statusCode, first.body).toBe(200);
      const before = await moneySnapshot(t);
      const replay = await t.app.inject(request);
      expect(await moneySnapshot(t)).toEqual(before);
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
  });
});
