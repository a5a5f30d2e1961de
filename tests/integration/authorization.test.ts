import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/trpc/errors.js';
import type { ResourceKind } from '../../src/shared/schemas/common.js';
import {
  REST_PROCEDURES,
  callProcedure,
  rejection,
  restRequest,
  routeName,
  type RestProcedure,
} from '../helpers/api-surface.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { idRoutes, plantedKinds, protectedRoutes, validInput } from '../helpers/derived-cases.js';
import { resourceFields, toJsonSchema } from '../helpers/json-schema.js';
import { fixtureOf, plantIds } from '../helpers/resources.js';
import { completeCarefulInput } from '../helpers/careful-inputs.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * Who may call what, for every procedure built on protectedProcedure (docs/api.md#ownership):
 * every missing or dead token is refused with 401; another user's id is indistinguishable from
 * one that does not exist (404, same body, nothing changed); a removed resource answers 404
 * everywhere while its ledger stays; reads never show another user's rows. The routes and
 * their inputs are derived from the router (docs/testing.md#derived-tables).
 */

type Ids = Partial<Record<ResourceKind, string>>;

const PROTECTED = protectedRoutes(REST_PROCEDURES);
/** The kinds of resource the routes name, each made for every user of these tests. */
const KINDS = plantedKinds(REST_PROCEDURES);
const ID_ROUTES = idRoutes(REST_PROCEDURES);
const PROTECTED_QUERIES = PROTECTED.filter((procedure) => procedure.type === 'query');

const labelled = (procedures: RestProcedure[]) =>
  procedures.map((procedure) => [routeName(procedure), procedure] as const);

interface Fixture {
  user: TestUser;
  ids: Ids;
}

/** A user holding one live resource of every kind (with money and ledger rows around it). */
async function userWithResources(t: TestApp): Promise<Fixture> {
  const user = await t.signUp();
  const ids: Ids = {};
  for (const kind of KINDS) ids[kind] = await fixtureOf(kind).create(t, user);
  await t.caller(user).expense.create({ amount: 4.2, description: 'Coffee' });
  return { user, ids };
}

/** Everything in one user's book, in full: what another user's calls must leave as it was. */
async function userData(t: TestApp, user: TestUser) {
  const rowsOf = <T extends 'accounts' | 'category_groups' | 'categories'>(table: T) =>
    t.database.db
      .selectFrom(table as 'accounts')
      .selectAll()
      .where('book_id', '=', user.bookId)
      .orderBy('id')
      .execute();
  const [accounts, categoryGroups, categories] = await Promise.all([
    rowsOf('accounts'),
    rowsOf('category_groups'),
    rowsOf('categories'),
  ]);
  const transactions = await t.database.db
    .selectFrom('transactions')
    .selectAll()
    .where('book_id', '=', user.bookId)
    .orderBy('seq')
    .execute();
  const changes = await t.database.db
    .selectFrom('entry_changes')
    .selectAll()
    .where('book_id', '=', user.bookId)
    .orderBy('seq')
    .execute();
  return { accounts, categoryGroups, categories, transactions, changes };
}

/** The refusal of a route for an id its caller may not see: that of its first id field's kind. */
function notFoundOf(route: RestProcedure) {
  const [kind] = resourceFields(toJsonSchema(route.input)).values();
  const { code, message } = fixtureOf(kind ?? 'account').notFound;
  return { success: false, code, message };
}

/** The careful input of a route, with the given ids in its id fields. */
const inputFor = (procedure: RestProcedure, ids: Partial<Ids>) =>
  plantIds(validInput(procedure), ids);

describe('authorization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('derives its routes from the router', () => {
    expect(PROTECTED.length).toBeGreaterThan(0);
    expect(ID_ROUTES.length).toBeGreaterThan(0);
    expect(ID_ROUTES.at(-1)?.method).toBe('DELETE');
  });

  describe('(a) authentication', () => {
    let owner: Fixture;
    let revoked: Fixture;

    beforeAll(async () => {
      owner = await userWithResources(t);
      revoked = await userWithResources(t);
      await t.database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', revoked.user.id)
        .execute();
    });

    /**
     * Each way of being signed out, as the token sent after "Bearer " (null: no Authorization
     * header at all). The revoked user calls on their own resources; the others target live
     * resources of someone else.
     */
    const SIGNED_OUT: {
      name: string;
      revokedUser: boolean;
      token: (f: Fixture) => string | null;
    }[] = [
      { name: 'no token', revokedUser: false, token: () => null },
      { name: 'empty bearer', revokedUser: false, token: () => '' },
      { name: 'garbage bearer', revokedUser: false, token: () => 'garbage' },
      { name: 'revoked session', revokedUser: true, token: (f) => f.user.token },
    ];
    const CASES = PROTECTED.flatMap((procedure) =>
      SIGNED_OUT.map(
        (way) => [`${routeName(procedure)} with ${way.name}`, procedure, way] as const,
      ),
    );

    it.each(CASES)('REST: %s -> 401', async (_label, procedure, way) => {
      const target = way.revokedUser ? revoked : owner;
      const sent = way.token(target);
      const before = await moneySnapshot(t);
      const res = await t.rest(
        null,
        restRequest(
          procedure,
          inputFor(procedure, target.ids),
          sent === null ? {} : { authorization: `Bearer ${sent}` },
        ),
      );
      expect(await moneySnapshot(t)).toEqual(before);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'UNAUTHORIZED',
        message: expect.stringMatching(/\S/),
        requestId: expect.any(String),
      });
    });

    it.each(CASES)('tRPC: %s -> UNAUTHORIZED', async (_label, procedure, way) => {
      const target = way.revokedUser ? revoked : owner;
      const sent = way.token(target);
      const caller = t.caller(sent === null ? null : { ...target.user, token: sent });
      const before = await moneySnapshot(t);
      const error = await rejection(
        callProcedure(caller, procedure, inputFor(procedure, target.ids)),
      );
      expect(await moneySnapshot(t)).toEqual(before);
      expect(error.code).toBe('UNAUTHORIZED');
    });

    it('GET /api/health works without a token, and with a bad one', async () => {
      for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
        const res = await t.rest(null, { method: 'GET', url: '/api/health', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
      }
      await expect(t.caller(null).system.health({})).resolves.toEqual({
        success: true,
        data: { status: 'ok', database: 'ok' },
      });
    });

    it('the revoked user is still refused after all of the above, the owner is not', async () => {
      expect((await t.rest(revoked.user, { method: 'GET', url: '/api/account' })).statusCode).toBe(
        401,
      );
      expect((await t.rest(owner.user, { method: 'GET', url: '/api/account' })).statusCode).toBe(
        200,
      );
    });
  });

  describe("(b) another user's resources are indistinguishable from missing ones", () => {
    let a: Fixture;
    let b: Fixture;

    /** How many ledger rows A's resources made: none may come or go. */
    let aLedgerSize: number;

    beforeAll(async () => {
      a = await userWithResources(t);
      b = await userWithResources(t);
      aLedgerSize = (await userData(t, a.user)).transactions.length;
    });

    const unknownIds = () => Object.fromEntries(KINDS.map((kind) => [kind, randomUUID()])) as Ids;

    it.each(labelled(ID_ROUTES))("REST: user B calls %s with A's ids -> 404", async (_l, route) => {
      const missing = await t.rest(b.user, restRequest(route, inputFor(route, unknownIds())));
      const beforeA = await userData(t, a.user);
      const res = await t.rest(b.user, restRequest(route, inputFor(route, a.ids)));
      expect(await userData(t, a.user)).toEqual(beforeA);

      expect(res.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      const { requestId: _1, ...body } = res.json();
      const { requestId: _2, ...missingBody } = missing.json();
      expect(body).toEqual(missingBody);
      expect(body).toEqual(notFoundOf(route));
    });

    it.each(labelled(ID_ROUTES))(
      "tRPC: user B calls %s with A's ids -> NOT_FOUND",
      async (_l, route) => {
        const caller = t.caller(b.user);
        const missing = await rejection(
          callProcedure(caller, route, inputFor(route, unknownIds())),
        );
        const beforeA = await userData(t, a.user);
        const error = await rejection(callProcedure(caller, route, inputFor(route, a.ids)));
        expect(await userData(t, a.user)).toEqual(beforeA);

        expect(error.code).toBe('NOT_FOUND');
        expect(missing.code).toBe('NOT_FOUND');
        expect(describeError(error)).toEqual(describeError(missing));
      },
    );

    it("A's resources, balances and ledger are as A left them", async () => {
      const data = await userData(t, a.user);
      const account = data.accounts.find((row) => row.id === a.ids.account);
      expect(account).toMatchObject({ deleted_at: null });
      expect(BigInt(account?.balance_cents ?? -1)).toBe(7000n);
      expect(data.transactions).toHaveLength(aLedgerSize);
      expect(data.transactions.every((row) => row.deleted_at === null && row.version === 1)).toBe(
        true,
      );
    });

    /** Every id of A's: accounts and ledger rows. */
    async function idsOfA(): Promise<string[]> {
      const data = await userData(t, a.user);
      return [
        ...data.accounts,
        ...data.transactions,
        ...data.categoryGroups,
        ...data.categories,
        ...data.changes,
      ].map((row) => row.id);
    }

    /** B's careful input of a query (an invitation of B's own to preview, for one). */
    const carefulOfB = async (route: RestProcedure) =>
      (await completeCarefulInput(route, inputFor(route, b.ids), { t, user: b.user })).input;

    it.each(labelled(PROTECTED_QUERIES))(
      "REST: B's %s shows none of A's ids",
      async (_l, route) => {
        const res = await t.rest(b.user, restRequest(route, await carefulOfB(route)));
        expect(res.statusCode).toBe(200);
        for (const id of await idsOfA()) expect(res.body).not.toContain(id);
      },
    );

    it.each(labelled(PROTECTED_QUERIES))(
      "tRPC: B's %s shows none of A's ids",
      async (_l, route) => {
        const result = await callProcedure(t.caller(b.user), route, await carefulOfB(route));
        const text = JSON.stringify(result);
        for (const id of await idsOfA()) expect(text).not.toContain(id);
      },
    );

    it("B's lists are not empty, so the checks above saw rows", async () => {
      const own = await userData(t, b.user);
      const accounts = await t.rest(b.user, { method: 'GET', url: '/api/account' });
      const ledger = await t.rest(b.user, { method: 'GET', url: '/api/transactions' });
      expect(accounts.json().data).toHaveLength(own.accounts.length);
      expect(ledger.json().data.items).toHaveLength(own.transactions.length);
      expect(own.transactions.length).toBeGreaterThanOrEqual(3);
    });
  });

  describe('(c) a removed resource', () => {
    let c: Fixture;
    let ledgerIds: string[];

    beforeAll(async () => {
      c = await userWithResources(t);
      // Removing the import batch takes its entries with it (as if never imported); the rest stay.
      const imported = await sql<{ id: string }>`SELECT id FROM transactions
        WHERE import_batch_id = ${c.ids.importBatch}::uuid`.execute(t.database.db);
      const importedIds = new Set(imported.rows.map((row) => row.id));
      expect(importedIds.size).toBe(1);
      ledgerIds = (await userData(t, c.user)).transactions
        .map((row) => row.id)
        .filter((id) => !importedIds.has(id));
      for (const kind of KINDS) await fixtureOf(kind).remove(t, c.user, c.ids[kind] as string);
    });

    it.each(labelled(ID_ROUTES))('REST: %s -> 404', async (_l, route) => {
      const before = await moneySnapshot(t);
      const res = await t.rest(c.user, restRequest(route, inputFor(route, c.ids)));
      expect(await moneySnapshot(t)).toEqual(before);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(notFoundOf(route));
    });

    it.each(labelled(ID_ROUTES))('tRPC: %s -> NOT_FOUND', async (_l, route) => {
      const before = await moneySnapshot(t);
      const error = await rejection(callProcedure(t.caller(c.user), route, inputFor(route, c.ids)));
      expect(await moneySnapshot(t)).toEqual(before);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(notFoundOf(route).message);
    });

    it('is gone from GET /api/account', async () => {
      const res = await t.rest(c.user, { method: 'GET', url: '/api/account' });
      const listed = (res.json().data as { id: string }[]).map((account) => account.id);
      expect(listed).not.toContain(c.ids.account);
      const called = (await t.caller(c.user).account.list({})).data.map((account) => account.id);
      expect(called).toEqual(listed);
    });

    it('keeps its ledger rows in the table and in GET /api/transactions', async () => {
      const rows = await t.database.db
        .selectFrom('transactions')
        .select(['id', 'account_id'])
        .where('book_id', '=', c.user.bookId)
        .orderBy('seq')
        .execute();
      expect(rows.map((row) => row.id)).toEqual(ledgerIds);
      expect(rows.filter((row) => row.account_id === c.ids.account)).toHaveLength(2);

      // A removed entry and the legs of a removed transfer leave the list; the rest stay.
      const legs = await t.database.db
        .selectFrom('transactions')
        .select('id')
        .where('book_id', '=', c.user.bookId)
        .where('transfer_id', '=', c.ids.transfer ?? '00000000-0000-4000-8000-000000000000')
        .execute();
      const gone = new Set([c.ids.entry, ...legs.map((leg) => leg.id)]);
      const listed = ledgerIds.filter((id) => !gone.has(id)).sort();
      const res = await t.rest(c.user, { method: 'GET', url: '/api/transactions' });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as { id: string; accountId: string | null }[];
      expect(items.map((item) => item.id).sort()).toEqual(listed);
      expect(items.filter((item) => item.accountId === c.ids.account)).toHaveLength(2);

      const page = await t.caller(c.user).transaction.list({});
      expect(page.data.items.map((item) => item.id).sort()).toEqual(listed);
    });
  });
});
