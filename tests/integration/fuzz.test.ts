import { LIVE_EVENTS_PATH } from '../../src/shared/schemas/activity.js';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESOURCE_KINDS, type ResourceKind } from '../../src/shared/schemas/common.js';
import {
  DEMO_PROJECT_ID,
  createFirebaseAuth,
  type FirebaseAuthService,
} from '../../src/server/features/auth/firebase-identity.js';
import {
  createSession,
  revokeSession,
} from '../../src/server/features/sessions/session-service.js';
import { APP_ERRORS, isAppErrorCode } from '../../src/shared/errors.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { createTestApp, testEnv, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';
import { PROCEDURES, REST_PROCEDURES, callPath } from '../helpers/api-surface.js';
import { toJsonSchema } from '../helpers/json-schema.js';
import { fixtureOf } from '../helpers/resources.js';
import { plantedKinds } from '../helpers/derived-cases.js';

/** The kinds of resource the routes name: the fuzz pools hold ids of these. */
const KINDS = plantedKinds(REST_PROCEDURES);
import {
  REGISTERED_EMAIL,
  RSA_PUBLIC_KEYS,
  resourceRefsOf,
  actorOf,
  authSpec,
  authorizationHeader,
  cleanAuthSpec,
  cleanInput,
  canonicalInput,
  edgeInputs,
  JSON_CONTENT_TYPES,
  contentType,
  extraQueryPairs,
  idempotencyKey,
  procedureInput,
  rawBody,
  rawPathValue,
  resolveValue,
  toCallerValue,
  toJsonText,
  toText,
  encodeText,
  wellFormed,
  wireHeader,
  type ResourcePools,
  type ResourceRef,
  type AuthSpec,
  type JsonSchema,
  type Resolved,
} from '../helpers/fuzz-arbitraries.js';

/**
 * Fuzzing of every REST route and every tRPC procedure (in process and over /trpc) with
 * fast-check. Inputs come from each procedure's own zod input schema (as JSON schema), mixed with
 * hostile values at every field and at the top level; REST requests also get random path values,
 * query pairs, bodies, content types, Authorization and Idempotency-Key headers.
 *
 * Every case must answer below 500 with a JSON body; a refusal must carry the failure envelope,
 * leak nothing and leave the money (and the user, session and key tables) exactly as they were;
 * a success must keep every balance equal to the signed sum of its ledger rows and must never
 * touch an account the caller does not own.
 *
 * FUZZ_RUNS sets the cases per route and door (default 40, so `npm test` stays quick; the full
 * run uses FUZZ_RUNS=1000). FUZZ_SEED replays a run; fast-check prints the seed on failure.
 */

const NUM_RUNS = positiveInt(process.env.FUZZ_RUNS, 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const TEST_TIMEOUT = 60_000 + NUM_RUNS * 600;

function positiveInt(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`not a positive integer: ${text}`);
  return value;
}

/** Hand-picked examples run first and count towards numRuns. */
function fcParams<T>(examples: T[] = []): fc.Parameters<T> {
  return { numRuns: NUM_RUNS, examples, ...(SEED !== undefined && { seed: SEED }) };
}

// ---------------------------------------------------------------------------------------------
// The routes, from the router's own list (docs/testing.md#derived-tables)
// ---------------------------------------------------------------------------------------------

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  /** The dotted procedure path, e.g. account.deposit. */
  procedure: string;
  type: 'query' | 'mutation';
  /** Absent for a procedure with no openapi meta (tRPC only). */
  rest?: {
    method: HttpMethod;
    path: string;
    pathKeys: string[];
    takesBody: boolean;
    acceptsForm: boolean;
    /** The content type of its success when it answers a file (the CSV export), not JSON. */
    fileType: string | undefined;
  };
  schema: JsonSchema;
}

function enumerateRoutes(): Route[] {
  return PROCEDURES.map((procedure) => {
    const rest = REST_PROCEDURES.find((candidate) => candidate.path === procedure.path);
    return {
      procedure: procedure.path,
      type: procedure.type,
      schema: toJsonSchema(procedure.input),
      ...(rest && {
        rest: {
          method: rest.method,
          path: rest.route,
          pathKeys: rest.pathParams,
          takesBody: rest.takesBody,
          acceptsForm: rest.acceptsForm,
          fileType: rest.answersFile?.contentType,
        },
      }),
    };
  });
}

const ROUTES = enumerateRoutes();
const REST_ROUTES = ROUTES.filter((r): r is Route & { rest: NonNullable<Route['rest']> } =>
  Boolean(r.rest),
);
const label = (r: Route) => (r.rest ? `${r.rest.method} ${r.rest.path}` : r.procedure);

// ---------------------------------------------------------------------------------------------
// Checks shared by the doors
// ---------------------------------------------------------------------------------------------

const LEAK_MARKERS = [
  '    at ',
  '.ts:',
  '.js:',
  'node_modules',
  'select ',
  'insert ',
  'update ',
  'delete from',
  'syntax error',
  'violates',
  'relation ',
  'invalid byte sequence',
  'invalid input syntax',
  'unsupported unicode escape',
  'kysely',
  'pglite',
];

/** No stack trace, file name or SQL text, unless the request itself carried that text back. */
function expectNoLeak(text: string, requestText: string, where: string): void {
  const lower = text.toLowerCase();
  const sent = requestText.toLowerCase();
  for (const marker of LEAK_MARKERS) {
    if (sent.includes(marker)) continue;
    expect(lower, `${where}: leaks "${marker}"`).not.toContain(marker);
  }
}

type MoneySnapshot = Awaited<ReturnType<typeof moneySnapshot>>;

/**
 * One query's digest of everything a refusal must leave alone: `money` covers exactly the columns
 * and counts of moneySnapshot, the rest counts the user, session and key tables.
 */
interface Fingerprint {
  money: string;
  counts: Record<string, string>;
}

/** The database as of the last check: its fingerprint and the moneySnapshot that goes with it. */
interface State {
  fingerprint: Fingerprint;
  money: MoneySnapshot;
}

async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const result = await sql<Record<string, string>>`
    SELECT md5(COALESCE(string_agg(
             concat_ws('|', id, book_id, balance_cents, credit_limit_cents, title, description,
                       icon, color,
                       deleted_at, updated_at),
             E'\n' ORDER BY id), '')) AS accounts,
           (SELECT COUNT(*) FROM transactions)::text AS transactions,
           (SELECT COUNT(*) FROM users)::text AS users,
           (SELECT COUNT(*) FROM sessions)::text AS sessions,
           (SELECT COUNT(*) FROM sessions WHERE revoked_at IS NOT NULL)::text AS revoked,
           (SELECT COUNT(*) FROM key_credentials)::text AS key_credentials,
           (SELECT COUNT(*) FROM key_challenges)::text AS key_challenges,
           (SELECT COUNT(*) FROM key_challenges WHERE used_at IS NOT NULL)::text AS used
    FROM accounts`.execute(t.database.db);
  const { accounts, transactions, ...counts } = result.rows[0] ?? {};
  return { money: `${accounts}/${transactions}`, counts };
}

/** The invariant of the ledger: a balance is the signed sum of its account's rows. */
async function unbalancedAccounts(t: TestApp): Promise<unknown[]> {
  const result = await sql<{ id: string; balance_cents: string; ledger_cents: string }>`
    SELECT a.id, a.balance_cents::text AS balance_cents, COALESCE(l.sum, 0)::text AS ledger_cents
    FROM accounts a
    LEFT JOIN (
      SELECT account_id,
             SUM(CASE WHEN transaction_type IN ('deposit', 'transfer_in')
                      THEN amount_cents ELSE -amount_cents END) AS sum
      FROM transactions WHERE account_id IS NOT NULL AND deleted_at IS NULL GROUP BY account_id
    ) l ON l.account_id = a.id
    WHERE a.balance_cents <> COALESCE(l.sum, 0) OR a.balance_cents < -a.credit_limit_cents`.execute(
    t.database.db,
  );
  return result.rows;
}

interface Tally {
  cases: number;
  statuses: Map<string, number>;
}

const tallies = new Map<string, Tally>();

function tally(door: string, route: Route, outcome: string): void {
  const key = `${door.padEnd(6)} ${label(route)}`;
  const entry = tallies.get(key) ?? { cases: 0, statuses: new Map<string, number>() };
  entry.cases += 1;
  entry.statuses.set(outcome, (entry.statuses.get(outcome) ?? 0) + 1);
  tallies.set(key, entry);
}

// ---------------------------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------------------------

/** A request the fuzz test built: its URL and body are always text. */
type FuzzRequest = InjectOptions & { method: string; url: string; payload?: string };

type BodyKind = 'json' | 'form' | 'raw' | 'none';

interface RestCase {
  auth: AuthSpec;
  input: unknown;
  /** A raw text per path parameter, used instead of the encoded input value. */
  rawPath: (string | null)[];
  /** Path values left unencoded (slashes, spaces and all). */
  unencodedPath: boolean;
  extraQuery: [string, string][];
  /** Query values written without percent-encoding. */
  unencodedQuery: boolean;
  bodyKind: BodyKind;
  rawBody: string;
  contentType: string | undefined;
  /** For a form body: send the form content type rather than the random one. */
  formContentType: boolean;
  idempotencyKey: string | undefined;
}

/**
 * A REST request: half of them as a well-behaved client would build it (JSON body, encoded path,
 * a real token, mostly valid input), the rest with every part of the request random.
 */
function restCase(route: Route & { rest: NonNullable<Route['rest']> }): fc.Arbitrary<RestCase> {
  const { takesBody, pathKeys, acceptsForm } = route.rest;
  const noRawPath = fc.constant(pathKeys.map(() => null));
  const clean = fc.record({
    auth: cleanAuthSpec,
    input: cleanInput(route.schema),
    rawPath: noRawPath,
    unencodedPath: fc.constant(false),
    extraQuery: fc.constant<[string, string][]>([]),
    unencodedQuery: fc.constant(false),
    bodyKind: takesBody
      ? fc.constantFrom<BodyKind>(
          ...(acceptsForm ? (['json', 'form'] as const) : ['json' as const]),
        )
      : fc.constant<BodyKind>('none'),
    rawBody: fc.constant(''),
    contentType: fc.constantFrom(...JSON_CONTENT_TYPES),
    formContentType: fc.constant(true),
    idempotencyKey,
  });
  const hostile = fc.record({
    auth: authSpec,
    input: procedureInput(route.schema),
    rawPath: fc.tuple<(string | null)[]>(
      ...pathKeys.map(() => fc.option(rawPathValue, { freq: 4, nil: null })),
    ),
    unencodedPath: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
    extraQuery: fc.option(extraQueryPairs, { freq: 2, nil: [] as [string, string][] }),
    unencodedQuery: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
    bodyKind: takesBody
      ? fc.constantFrom<BodyKind>('json', 'json', 'json', 'raw', 'raw', 'none', 'form')
      : fc.constantFrom<BodyKind>('none', 'none', 'json', 'raw'),
    rawBody,
    contentType,
    formContentType: fc.boolean(),
    idempotencyKey,
  });
  return fc.oneof({ weight: 1, arbitrary: clean }, { weight: 1, arbitrary: hostile });
}

/**
 * The cases every run includes, whatever the seed: the canonical valid request, each field at
 * its edge values (see edgeInputs), someone else's token, a null input and a multipart body.
 */
function restExamples(route: Route & { rest: NonNullable<Route['rest']> }): [RestCase][] {
  const base = canonicalInput(route.schema);
  const clean: RestCase = {
    auth: 'owner',
    input: base,
    rawPath: route.rest.pathKeys.map(() => null),
    unencodedPath: false,
    extraQuery: [],
    unencodedQuery: false,
    bodyKind: route.rest.takesBody ? 'json' : 'none',
    rawBody: '',
    contentType: 'application/json',
    formContentType: true,
    idempotencyKey: undefined,
  };
  const cases: RestCase[] = [
    clean,
    ...edgeInputs(route.schema).map((input) => ({ ...clean, input })),
    { ...clean, auth: 'other' },
    { ...clean, input: null, bodyKind: route.rest.takesBody ? 'json' : 'none' },
    ...(route.rest.takesBody
      ? [{ ...clean, contentType: 'multipart/form-data; boundary=xyz' }]
      : []),
  ];
  return cases.map((c) => [c]);
}

function callerExamples(route: Route): [[AuthSpec, unknown]][] {
  const base = canonicalInput(route.schema);
  return [
    [['owner', base]],
    ...edgeInputs(route.schema).map((input): [[AuthSpec, unknown]] => [['owner', input]]),
    [['other', base]],
  ];
}

interface TrpcCase {
  auth: AuthSpec;
  input: unknown;
  raw: string | null;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
}

function trpcExamples(route: Route): [TrpcCase][] {
  const base = canonicalInput(route.schema);
  const clean: TrpcCase = {
    auth: 'owner',
    input: base,
    raw: null,
    contentType: 'application/json',
    idempotencyKey: undefined,
  };
  const cases: TrpcCase[] = [
    clean,
    ...edgeInputs(route.schema).map((input) => ({ ...clean, input })),
    { ...clean, auth: 'other' },
  ];
  return cases.map((c) => [c]);
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe(`fuzzing every route and procedure (${testBackend}, ${NUM_RUNS} cases each)`, () => {
  let t: TestApp;
  let firebase: FirebaseAuthService;
  let owner: TestUser;
  let other: TestUser;
  let revokedToken: string;
  let pool: ResourcePools;
  let state: State | undefined;
  /** The money fingerprint at which the ledger invariant last held. */
  let invariantCheckedAt = '';
  /** Set when the test itself wrote to the database since the last snapshot. */
  let stale = false;

  const policy = {
    idleTimeoutSeconds: testEnv.SESSION_IDLE_TIMEOUT_SECONDS,
    maxAgeSeconds: testEnv.SESSION_MAX_AGE_SECONDS,
  };
  const clock = () => new Date();

  /**
   * The state now. moneySnapshot is read again only when the money changed, so that a refusal
   * (most cases) costs one query; the comparison is as strict as comparing snapshots each time.
   */
  async function takeState(): Promise<State> {
    const now = await fingerprint(t);
    const money =
      state && now.money === state.fingerprint.money ? state.money : await moneySnapshot(t);
    return { fingerprint: now, money };
  }

  async function refreshPool(): Promise<void> {
    // Kinds no route names keep empty pools: no generated input refers to them.
    const pools = Object.fromEntries(
      RESOURCE_KINDS.map((kind) => [kind, { own: [], ownDeleted: [], other: [] }]),
    ) as unknown as ResourcePools;
    for (const kind of KINDS) {
      const ids = fixtureOf(kind).ids;
      pools[kind] = {
        own: await ids(t, owner.id, false),
        ownDeleted: await ids(t, owner.id, true),
        other: [...(await ids(t, other.id, false)), ...(await ids(t, other.id, true))],
      };
    }
    pool = pools;
  }

  async function fundedAccount(user: TestUser, title: string, amount: number): Promise<string> {
    const caller = t.caller(user);
    const id = (await caller.account.create({ title })).data.id;
    await caller.account.deposit({ id, amount });
    return id;
  }

  /** The test user keeps at least two live resources of each kind; the other user one. */
  async function replenish(): Promise<void> {
    const short = (kind: ResourceKind) =>
      pool[kind].own.length < 2 || pool[kind].other.length === 0;
    if (!KINDS.some(short)) return;
    for (const kind of KINDS) {
      const ids = pool[kind];
      while (ids.own.length < 2) ids.own.push(await fixtureOf(kind).create(t, owner));
      if (ids.other.length === 0) ids.other.push(await fixtureOf(kind).create(t, other));
    }
    stale = true;
  }

  /** Live tokens; a logout gets a session of its own so that the shared ones stay valid. */
  async function tokensFor(route: Route) {
    if (route.procedure !== 'auth.logout') {
      return { owner: owner.token, other: other.token, revoked: revokedToken };
    }
    stale = true;
    const [ownerSession, otherSession] = await Promise.all([
      createSession(t.database.db, owner.id, 'password', policy, clock),
      createSession(t.database.db, other.id, 'password', policy, clock),
    ]);
    return { owner: ownerSession.token, other: otherSession.token, revoked: revokedToken };
  }

  /**
   * The accounts the entry or transfer an input's `id` names sits on before the request. An edit
   * may name the account an entry already has even after that account was deleted: it moves
   * nothing (a deleted account's entries stay in the ledger, and stay editable), so naming it is
   * not acting on a deleted account.
   */
  async function accountsHeldBy(rawInput: unknown): Promise<Set<string>> {
    const idRef = resourceRefsOf(rawInput).get('id');
    if (!idRef?.wellFormed || (idRef.resource !== 'entry' && idRef.resource !== 'transfer')) {
      return new Set();
    }
    const id = plainId(resolveValue(idRef, pool));
    const rows = await t.database.db
      .selectFrom('transactions')
      .select('account_id')
      .where((eb) => eb.or([eb('id', '=', id), eb('transfer_id', '=', id)]))
      .execute();
    return new Set(rows.flatMap((row) => (row.account_id ? [row.account_id] : [])));
  }

  /** A deleted account of the owner that the request named only to keep an entry where it is. */
  function keptInPlace(ref: ResourceRef, heldBefore: ReadonlySet<string>): boolean {
    return (
      ref.resource === 'account' &&
      ref.kind === 'ownDeleted' &&
      ref.wellFormed &&
      heldBefore.has(plainId(resolveValue(ref, pool)))
    );
  }

  async function stateBefore(): Promise<State> {
    if (stale || !state) {
      state = await takeState();
      stale = false;
    }
    return state;
  }

  /**
   * After a case: a refusal changed nothing; a success kept the ledger invariant and touched only
   * accounts of the acting user.
   */
  async function checkAfter(options: {
    where: string;
    before: State;
    refused: boolean;
    actor: 'owner' | 'other' | null;
    usedRefs: ResourceRef[];
    mutation: boolean;
    /** accountsHeldBy of the input, read before the request. */
    heldBefore: ReadonlySet<string>;
  }): Promise<void> {
    const after = await fingerprint(t);
    if (options.refused) {
      if (after.money !== options.before.fingerprint.money) {
        // Show what changed: the full snapshot against the one from before the request.
        expect(
          await moneySnapshot(t),
          `${options.where}: money changed by a refused request`,
        ).toEqual(options.before.money);
      }
      expect(after, `${options.where}: rows changed by a refused request`).toEqual(
        options.before.fingerprint,
      );
      return;
    }
    state = {
      fingerprint: after,
      money:
        after.money === options.before.fingerprint.money
          ? options.before.money
          : await moneySnapshot(t),
    };
    // Unchanged money was checked already; the invariant is read again only after a change.
    if (after.money !== invariantCheckedAt) {
      expect(await unbalancedAccounts(t), `${options.where}: ledger invariant`).toEqual([]);
      invariantCheckedAt = after.money;
    }
    for (const ref of options.usedRefs) {
      if (options.actor === 'owner' && keptInPlace(ref, options.heldBefore)) continue;
      expect(ref.wellFormed, `${options.where}: accepted malformed id ${String(ref)}`).toBe(true);
      const expectedKind = options.actor === 'owner' ? 'own' : 'other';
      expect(ref.kind, `${options.where}: succeeded on ${String(ref)} as ${options.actor}`).toBe(
        expectedKind,
      );
    }
    if (options.mutation && after.money !== options.before.fingerprint.money) await refreshPool();
  }

  beforeAll(async () => {
    const service = createFirebaseAuth({
      emulatorHost: inject('authEmulatorHost'),
      projectId: DEMO_PROJECT_ID,
    });
    if (!service) throw new Error('Auth emulator not configured');
    firebase = service;
    t = await createTestApp({ firebase });
    owner = await t.signUp();
    other = await t.signUp();
    const revoked = await createSession(t.database.db, owner.id, 'password', policy, clock);
    await revokeSession(t.database.db, revoked.token, clock);
    revokedToken = revoked.token;

    // Accounts with balances from large to a single cent, so amounts meet every edge.
    for (const [i, amount] of [1000, 250.5, 0.01].entries()) {
      await fundedAccount(owner, `Own ${i}`, amount);
    }
    // Of every kind of resource: removed ones of the owner's, and live ones of someone else's.
    for (const kind of KINDS) {
      const fixture = fixtureOf(kind);
      for (let i = 0; i < 2; i++) await fixture.remove(t, owner, await fixture.create(t, owner));
      for (let i = 0; i < 2; i++) await fixture.create(t, other);
    }
    await t.caller(owner).expense.create({ amount: 3.5, description: 'Cash' });
    await t.caller(other).expense.create({ amount: 1, description: 'Cash' });
    await t.caller(null).keyAuth.register({
      email: REGISTERED_EMAIL,
      publicKey: RSA_PUBLIC_KEYS[0] as string,
    });
    await t.caller(null).keyAuth.challenge({ email: REGISTERED_EMAIL });
    await refreshPool();
    state = await takeState();
  });

  afterAll(async () => {
    const lines = [...tallies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, { cases, statuses }]) => {
        const seen = [...statuses.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
        return `  ${key.padEnd(56)} ${String(cases).padStart(5)} cases  ${seen}`;
      });
    if (lines.length > 0) {
      console.log(
        `fuzz summary (${testBackend}, FUZZ_RUNS=${NUM_RUNS}${SEED === undefined ? '' : `, FUZZ_SEED=${SEED}`}):\n${lines.join('\n')}`,
      );
    }
    await t?.close();
    await firebase?.close();
  });

  it('finds every route in the router, including every documented /api path', async () => {
    expect(ROUTES.length).toBeGreaterThan(0);
    expect(REST_ROUTES.length).toBeGreaterThan(0);
    const fuzzed = new Set(REST_ROUTES.map(label));

    // Every operation of the published OpenAPI document is one of the fuzzed routes.
    const res = await t.rest(null, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    // The live notices are a stream, not a call: tests/integration/live-updates.test.ts tries
    // them, bad inputs included.
    for (const operation of documented.filter((op) => op !== `GET ${LIVE_EVENTS_PATH}`)) {
      expect(fuzzed, operation).toContain(operation);
    }
    for (const route of REST_ROUTES) expect(route.rest.path.startsWith('/api/')).toBe(true);
  });

  // -------------------------------------------------------------------------------------------
  // REST
  // -------------------------------------------------------------------------------------------

  function restRequest(
    route: Route & { rest: NonNullable<Route['rest']> },
    c: RestCase,
    input: Resolved,
    tokens: { owner: string; other: string; revoked: string },
  ): { options: FuzzRequest; usedRefs: ResourceRef[] } {
    const { method, path, pathKeys, takesBody } = route.rest;
    const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
    const fields: Record<string, Resolved> = isObject ? (input as Record<string, Resolved>) : {};
    const refs = resourceRefsOf(c.input);
    const usedRefs: ResourceRef[] = [];

    let index = 0;
    const url = path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const raw = c.rawPath[index++];
      if (raw !== null && raw !== undefined) return raw;
      const ref = refs.get(key);
      if (ref && isObject) usedRefs.push(ref);
      const text = toText(fields[key]);
      return c.unencodedPath
        ? wellFormed(text).replace(/[?#%]/g, encodeURIComponent)
        : encodeText(text);
    });

    // Fields the procedure reads from the body or query (path parameters win over them).
    const rest = Object.entries(fields).filter(([key]) => !pathKeys.includes(key));
    const restSent = !takesBody || c.bodyKind === 'json' || c.bodyKind === 'form';
    for (const [key] of rest) {
      const ref = refs.get(key);
      if (ref && restSent && route.schema.properties?.[key]) usedRefs.push(ref);
    }

    const headers: Record<string, string> = {};
    const authorization = authorizationHeader(c.auth, tokens);
    if (authorization !== undefined) headers.authorization = authorization;
    if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;

    const pairs: [string, string][] = [];
    if (!takesBody && isObject) {
      for (const [key, value] of rest) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) pairs.push([key, toText(item)]);
        else pairs.push([key, toText(value)]);
      }
    }
    pairs.push(...c.extraQuery);
    const encode = (s: string) =>
      c.unencodedQuery ? wellFormed(s).replace(/[&=#\s]/g, encodeURIComponent) : encodeText(s);
    const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

    let payload: string | undefined;
    const bodyObject: Resolved = isObject ? Object.fromEntries(rest) : input;
    switch (c.bodyKind) {
      case 'json':
        payload = takesBody ? toJsonText(bodyObject ?? null) : toJsonText(input ?? null);
        break;
      case 'form':
        payload = new URLSearchParams(
          isObject
            ? rest
                .filter(([, v]) => v !== undefined)
                .map(([k, v]): [string, string] => [k, toText(v)])
            : [],
        ).toString();
        break;
      case 'raw':
        payload = c.rawBody;
        break;
      case 'none':
        payload = undefined;
        break;
    }
    if (payload !== undefined && c.contentType !== undefined) {
      headers['content-type'] =
        c.bodyKind === 'form' && c.formContentType
          ? 'application/x-www-form-urlencoded'
          : c.contentType;
    }
    if (!takesBody && payload === undefined && c.bodyKind === 'none') {
      // A body-less request sometimes still names a content type.
      if (c.contentType === 'text/plain') headers['content-type'] = c.contentType;
    }

    return {
      options: {
        method,
        url: query ? `${url}?${query}` : url,
        headers: onTheWire(headers),
        ...(payload !== undefined && { payload }),
      },
      usedRefs,
    };
  }

  function expectRestReply(
    res: LightMyRequestResponse,
    where: string,
    requestText: string,
    fileType: string | undefined,
  ) {
    expect(res.statusCode, `${where}: 5xx\n${res.body.slice(0, 2000)}`).toBeLessThan(500);
    if (fileType !== undefined && res.statusCode < 300) {
      // A file answer: its own type, and refusals (below) are JSON as everywhere.
      expect(String(res.headers['content-type'] ?? ''), `${where}: content-type`).toContain(
        fileType,
      );
      return;
    }
    expect(String(res.headers['content-type'] ?? ''), `${where}: content-type`).toContain(
      'application/json',
    );
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error(`${where}: body is not JSON: ${res.body.slice(0, 500)}`);
    }
    if (res.statusCode >= 400) {
      // Success bodies may echo stored text (a description "1; SELECT ..."); refusals must not leak.
      expectNoLeak(res.body, requestText, where);
      expect(body, `${where}: failure envelope`).toMatchObject({
        success: false,
        message: expect.stringMatching(/\S/),
        code: expect.any(String),
        requestId: expect.any(String),
      });
      const code = (body as { code: string }).code;
      expect(isAppErrorCode(code), `${where}: unknown code ${code}`).toBe(true);
      if (isAppErrorCode(code)) {
        expect(res.statusCode, `${where}: status of ${code}`).toBe(APP_ERRORS[code].status);
      }
    } else {
      expect(body, `${where}: success envelope`).toMatchObject({ success: true });
    }
  }

  describe('REST routes', () => {
    it.each(REST_ROUTES.map((route) => [label(route), route] as const))(
      '%s',
      async (_name, route) => {
        await fc.assert(
          fc.asyncProperty(restCase(route), async (c) => {
            await replenish();
            const tokens = await tokensFor(route);
            const before = await stateBefore();
            const input = resolveValue(c.input, pool);
            const { options, usedRefs } = restRequest(route, c, input, tokens);
            const heldBefore = await accountsHeldBy(c.input);
            const res = await t.rest(null, options);
            const requestText = `${options.url} ${options.payload ?? ''} ${decodeSafe(options.url)}`;
            const where = `${options.method} ${options.url.slice(0, 300)} -> ${res.statusCode}`;
            tally('REST', route, String(res.statusCode));
            // The database first: a refusal, a 5xx included, must have changed nothing.
            await checkAfter({
              where,
              before,
              refused: res.statusCode >= 400,
              actor: actorOf(c.auth),
              usedRefs,
              mutation: route.type === 'mutation',
              heldBefore,
            });
            expectRestReply(res, where, requestText, route.rest.fileType);
          }),
          fcParams(restExamples(route)),
        );
      },
      TEST_TIMEOUT,
    );
  });

  // -------------------------------------------------------------------------------------------
  // tRPC: the typed caller, in process
  // -------------------------------------------------------------------------------------------

  function callerUser(
    spec: AuthSpec,
    tokens: { owner: string; other: string; revoked: string },
  ): TestUser | null {
    const header = authorizationHeader(spec, tokens);
    if (!header?.startsWith('Bearer ')) return null;
    const base = actorOf(spec) === 'other' ? other : owner;
    return { ...base, token: header.slice('Bearer '.length) };
  }

  /** Half well-behaved calls, half anything. */
  function callerCase(route: Route): fc.Arbitrary<[AuthSpec, unknown]> {
    return fc.oneof(
      fc.tuple(cleanAuthSpec, cleanInput(route.schema)),
      fc.tuple(authSpec, procedureInput(route.schema)),
    );
  }

  describe('tRPC caller', () => {
    it.each(ROUTES.map((route) => [route.procedure, route] as const))(
      '%s',
      async (_name, route) => {
        await fc.assert(
          fc.asyncProperty(callerCase(route), async ([auth, rawInput]) => {
            await replenish();
            const tokens = await tokensFor(route);
            const before = await stateBefore();
            const input = toCallerValue(resolveValue(rawInput, pool));
            const heldBefore = await accountsHeldBy(rawInput);
            const caller = t.caller(callerUser(auth, tokens));
            const where = `caller ${route.procedure}(${safeJson(input).slice(0, 300)}) as ${auth}`;
            let error: unknown = null;
            let refused = false;
            try {
              await callPath(caller, route.procedure, input);
            } catch (caught) {
              error = caught;
              refused = true;
            }
            const status = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 200;
            const outcome =
              error === null
                ? '200'
                : error instanceof TRPCError
                  ? `${status} ${error.code}`
                  : `threw ${error instanceof Error ? String(error) : safeJson(error)}`.slice(
                      0,
                      60,
                    );
            tally('caller', route, outcome);
            await checkAfter({
              where,
              before,
              refused,
              actor: actorOf(auth),
              usedRefs: usedCallerRefs(route, rawInput),
              mutation: route.type === 'mutation',
              heldBefore,
            });
            if (refused) {
              expect(error, `${where}: not a TRPCError: ${String(error)}`).toBeInstanceOf(
                TRPCError,
              );
              const trpcError = error as TRPCError;
              expect(trpcError.code, `${where}: ${trpcError.message}`).not.toBe(
                'INTERNAL_SERVER_ERROR',
              );
              expect(status, `${where}: ${trpcError.code} ${trpcError.message}`).toBeLessThan(500);
              expect(trpcError.message, `${where}: empty message`).toMatch(/\S/);
              expectNoLeak(trpcError.message, safeJson(input), where);
            }
          }),
          fcParams(callerExamples(route)),
        );
      },
      TEST_TIMEOUT,
    );
  });

  // -------------------------------------------------------------------------------------------
  // tRPC over HTTP: /trpc/<procedure>
  // -------------------------------------------------------------------------------------------

  /**
   * No multipart bodies here: tRPC's Fastify adapter streams them only from a real
   * IncomingMessage, so through app.inject (light-my-request) it fails with a 500 that a client on
   * a socket never sees (there it is a 400 "Failed to parse body as FormData").
   */
  describe('tRPC over HTTP', () => {
    it.each(ROUTES.map((route) => [route.procedure, route] as const))(
      '/trpc/%s',
      async (_name, route) => {
        const arb: fc.Arbitrary<TrpcCase> = fc.oneof(
          fc.record({
            auth: cleanAuthSpec,
            input: cleanInput(route.schema),
            raw: fc.constant(null),
            contentType: fc.constant<string | undefined>('application/json'),
            idempotencyKey,
          }),
          fc.record({
            auth: authSpec,
            input: procedureInput(route.schema),
            raw: fc.option(rawBody, { freq: 4, nil: null }),
            contentType: contentType.filter((type) => !type?.startsWith('multipart/')),
            idempotencyKey,
          }),
        );
        await fc.assert(
          fc.asyncProperty(arb, async (c) => {
            await replenish();
            const tokens = await tokensFor(route);
            const before = await stateBefore();
            const input = resolveValue(c.input, pool);
            const text = c.raw ?? (input === undefined ? undefined : toJsonText(input));
            const headers: Record<string, string> = {};
            const authorization = authorizationHeader(c.auth, tokens);
            if (authorization !== undefined) headers.authorization = authorization;
            if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
            let options: FuzzRequest;
            if (route.type === 'query') {
              const query = text === undefined ? '' : `?input=${encodeText(text)}`;
              options = {
                method: 'GET',
                url: `/trpc/${route.procedure}${query}`,
                headers: onTheWire(headers),
              };
            } else {
              if (c.contentType !== undefined && text !== undefined) {
                headers['content-type'] = c.contentType;
              }
              options = {
                method: 'POST',
                url: `/trpc/${route.procedure}`,
                headers: onTheWire(headers),
                ...(text !== undefined && { payload: text }),
              };
            }
            const heldBefore = await accountsHeldBy(c.input);
            const res = await t.rest(null, options);
            const where = `${options.method} ${options.url.slice(0, 300)} ${(text ?? '').slice(0, 300)} -> ${res.statusCode}`;
            tally('/trpc', route, String(res.statusCode));
            const refused = res.statusCode >= 400;
            await checkAfter({
              where,
              before,
              refused,
              actor: actorOf(c.auth),
              usedRefs: c.raw === null ? usedCallerRefs(route, c.input) : [],
              mutation: route.type === 'mutation',
              heldBefore,
            });
            expect(res.statusCode, `${where}: 5xx\n${res.body.slice(0, 2000)}`).toBeLessThan(500);
            let body: unknown;
            try {
              body = JSON.parse(res.body);
            } catch {
              throw new Error(`${where}: body is not JSON: ${res.body.slice(0, 500)}`);
            }
            if (refused) {
              expectNoLeak(res.body, `${options.url} ${text ?? ''}`, where);
              const error = (body as { error?: { message?: unknown; data?: { code?: unknown } } })
                .error;
              if (error) {
                expect(error.message, `${where}: message`).toEqual(expect.stringMatching(/\S/));
                expect(isAppErrorCode(error.data?.code), `${where}: code`).toBe(true);
              } else {
                // Refused before tRPC (body limit, content type): the REST envelope.
                expect(body, `${where}: failure envelope`).toMatchObject({
                  success: false,
                  message: expect.stringMatching(/\S/),
                  code: expect.any(String),
                });
              }
            } else {
              expect(body, `${where}: success`).toMatchObject({
                result: { data: { success: true } },
              });
            }
          }),
          fcParams(trpcExamples(route)),
        );
      },
      TEST_TIMEOUT,
    );
  });

  it('the signed-in user can still use the API after all of the above', async () => {
    await replenish();
    const id = pool.account.own[0] as string;
    const res = await t.rest(owner, { method: 'GET', url: `/api/account/${id}` });
    expect(res.statusCode).toBe(200);
    expect(await unbalancedAccounts(t)).toEqual([]);
  });
});

/** The account refs a procedure reads from its input (fields of its schema). */
/** A resolved well-formed id as the server reads it (trimmed, lower case). */
function plainId(value: Resolved): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

function usedCallerRefs(route: Route, rawInput: unknown): ResourceRef[] {
  return [...resourceRefsOf(rawInput).entries()]
    .filter(([key]) => Boolean(route.schema.properties?.[key]))
    .map(([, ref]) => ref);
}

/** Header values as the HTTP parser would hand them over (see wireHeader). */
function onTheWire(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, wireHeader(v)]));
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
