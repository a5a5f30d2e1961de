import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.js';
import type { ResourceKind } from '../../src/shared/schemas/common.js';
import {
  REST_PROCEDURES,
  callProcedure,
  rejection,
  restRequest,
  routeName,
  type RestProcedure,
} from '../helpers/api-surface.js';
import { plantedKinds, protectedRoutes, validInput } from '../helpers/derived-cases.js';
import { fixtureOf, plantIds } from '../helpers/resources.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { joinedMember } from '../helpers/sharing.js';

/**
 * Who may call what in a shared book (docs/sharing.md#roles), for every route that works on a
 * book, read from the router (each procedure declares the least role it needs, or a query is
 * for viewers and a mutation for editors), through REST and tRPC, as each kind of person:
 *
 * - owner, editor, viewer: members; a role short of the route's answers 403 with its message;
 * - removed member, invited but not accepted, stranger: the book answers 404 "Book not found",
 *   exactly as a book that does not exist;
 *
 * and on every refusal nothing in the book changed (every row of every table that has a book_id,
 * the book's own row). Where the role suffices the call gets past the check: a tRPC call with an
 * input no procedure takes answers BAD_REQUEST (the input is read after the role check), a REST
 * write with a malformed Idempotency-Key answers that key's 400, a REST read answers 200.
 */

const ACTORS = ['owner', 'editor', 'viewer', 'removed', 'invited', 'stranger'] as const;
type Actor = (typeof ACTORS)[number];
type Ids = Partial<Record<ResourceKind, string>>;

const BOOK_ROUTES = protectedRoutes(REST_PROCEDURES).filter(
  (procedure) => procedure.bookAccess !== 'none',
);
const KINDS = plantedKinds(REST_PROCEDURES);

type Expected = 'allowed' | { status: 403 | 404; code: string; message: string };

function expectedFor(actor: Actor, route: RestProcedure): Expected {
  if (actor === 'removed' || actor === 'invited' || actor === 'stranger') {
    return { status: 404, code: 'NOT_FOUND', message: MESSAGES.bookNotFound };
  }
  if (actor === 'viewer' && route.bookAccess !== 'viewer') {
    return {
      status: 403,
      code: 'FORBIDDEN',
      message: route.bookAccess === 'owner' ? MESSAGES.ownerOnly : MESSAGES.viewerCannotChange,
    };
  }
  if (actor === 'editor' && route.bookAccess === 'owner') {
    return { status: 403, code: 'FORBIDDEN', message: MESSAGES.ownerOnly };
  }
  return 'allowed';
}

/** Every row that belongs to the book, as text, in a stable order; and the book's own row. */
async function bookState(t: TestApp, bookId: string): Promise<string[]> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT DISTINCT table_name FROM information_schema.columns
    WHERE column_name = 'book_id' AND table_schema = current_schema()
    ORDER BY table_name`.execute(t.database.db);
  const state: string[] = [];
  for (const { table_name: table } of tables) {
    const { rows } = await sql<{ row: string }>`
      SELECT row_to_json(x)::text AS row FROM ${sql.table(table)} x
      WHERE book_id = ${bookId}::uuid`.execute(t.database.db);
    state.push(...rows.map((row) => `${table} ${row.row}`).sort());
  }
  const { rows: book } = await sql<{ row: string }>`
    SELECT row_to_json(b)::text AS row FROM books b WHERE id = ${bookId}::uuid`.execute(
    t.database.db,
  );
  return [...state, ...book.map((row) => `books ${row.row}`)];
}

describe('roles in a shared book', () => {
  let t: TestApp;
  let bookId: string;
  const people = {} as Record<Actor, TestUser>;
  const ids: Ids = {};

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.signUp();
    bookId = (await t.caller(owner).book.create({ name: 'Household' })).data.id;
    people.owner = { ...owner, onBook: bookId };
    people.editor = await joinedMember(t, people.owner, 'editor');
    people.viewer = await joinedMember(t, people.owner, 'viewer');
    people.removed = await joinedMember(t, people.owner, 'editor');
    await t.caller(people.owner).member.remove({ id: people.removed.id });
    const invited = await t.signUp();
    await t.caller(people.owner).invitation.create({ role: 'editor', email: invited.email });
    people.invited = { ...invited, onBook: bookId };
    people.stranger = { ...(await t.signUp()), onBook: bookId };
    // One of every kind of thing a route can name, in the shared book, with money around them.
    for (const kind of KINDS) ids[kind] = await fixtureOf(kind).create(t, people.owner);
  }, 120_000);
  afterAll(() => t.close());

  it('derives its routes and people from the router', () => {
    expect(BOOK_ROUTES.length).toBeGreaterThan(40);
    const declared = new Set(BOOK_ROUTES.map((route) => route.bookAccess));
    expect([...declared].sort()).toEqual(['editor', 'owner', 'viewer']);
  });

  it('keeps the exceptions to “reads for viewers, writes for editors” to these', () => {
    const exceptions = protectedRoutes(REST_PROCEDURES)
      .filter((route) => route.bookAccess !== (route.type === 'query' ? 'viewer' : 'editor'))
      .map((route) => `${route.bookAccess} ${routeName(route)}`);
    expect(exceptions).toEqual([
      'none POST /api/test/new',
      'none POST /api/auth/logout',
      'none GET /api/auth/me',
      'none GET /api/books',
      'none POST /api/books',
      'owner PATCH /api/book',
      'none DELETE /api/books/{id}',
      'owner PATCH /api/book/members/{id}',
      'owner DELETE /api/book/members/{id}',
      'none POST /api/books/{id}/leave',
      'owner GET /api/book/invitations',
      'owner POST /api/book/invitations',
      'owner DELETE /api/book/invitations/{id}',
      'none GET /api/invitations/preview',
      'none POST /api/invitations/accept',
      'none POST /api/invitations/decline',
      'none GET /api/settings',
      'none PATCH /api/settings',
      'owner POST /api/book/restore',
    ]);
  });

  /**
   * A derived input with the shared book's ids planted. Its content does not decide a refusal:
   * the book and the role are checked before any input is read.
   */
  const inputFor = (route: RestProcedure) => plantIds(validInput(route), ids);

  const CASES = ACTORS.flatMap((actor) =>
    BOOK_ROUTES.map((route) => [`${actor}: ${routeName(route)}`, actor, route] as const),
  );

  it.each(CASES)('REST %s', async (_label, actor, route) => {
    const person = people[actor];
    const expected = expectedFor(actor, route);
    const input = inputFor(route);
    if (expected === 'allowed') {
      if (route.method === 'GET') {
        const res = await t.rest(person, restRequest(route, input));
        expect(res.statusCode, res.body).toBe(200);
      } else if (route.idempotent) {
        // Past the role check, a malformed key (or the input, read first) is a 400 that writes
        // nothing.
        const before = await bookState(t, bookId);
        const res = await t.rest(person, restRequest(route, input, { 'idempotency-key': ' ' }));
        expect(await bookState(t, bookId)).toEqual(before);
        expect(res.statusCode, res.body).toBe(400);
      } else {
        // A dry run (a rule's test, an import's preview): it may answer, never refuse the role.
        const res = await t.rest(person, restRequest(route, input));
        expect(res.statusCode, res.body).not.toBe(403);
        expect(res.json().message).not.toBe(MESSAGES.bookNotFound);
      }
      return;
    }
    const before = await bookState(t, bookId);
    const res = await t.rest(
      person,
      restRequest(route, input, { 'idempotency-key': randomUUID() }),
    );
    expect(await bookState(t, bookId)).toEqual(before);
    expect(res.statusCode, res.body).toBe(expected.status);
    expect(res.json()).toMatchObject({
      success: false,
      code: expected.code,
      message: expected.message,
    });
  });

  it.each(CASES)('tRPC %s', async (_label, actor, route) => {
    const person = people[actor];
    const expected = expectedFor(actor, route);
    if (expected === 'allowed') {
      // An input no procedure takes: refused as input, which is read only after the role check.
      const error = await rejection(callProcedure(t.caller(person), route, 42));
      expect(error.code).toBe('BAD_REQUEST');
      return;
    }
    const before = await bookState(t, bookId);
    const caller = t.caller(person, { idempotencyKey: randomUUID() });
    const error = await rejection(callProcedure(caller, route, inputFor(route)));
    expect(await bookState(t, bookId)).toEqual(before);
    expect(error.code).toBe(expected.code);
    expect(error.message).toBe(expected.message);
  });

  it('answers an unknown book exactly as another person’s', async () => {
    const stranger = people.stranger;
    const unknown = { ...stranger, onBook: randomUUID() };
    const [theirs, missing] = await Promise.all([
      t.rest(stranger, { method: 'GET', url: '/api/account' }),
      t.rest(unknown, { method: 'GET', url: '/api/account' }),
    ]);
    const { requestId: _a, ...theirsBody } = theirs.json();
    const { requestId: _b, ...missingBody } = missing.json();
    expect(theirs.statusCode).toBe(404);
    expect(theirsBody).toEqual(missingBody);
  });
});
