import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/trpc/errors.js';
import { RESOURCE_KINDS, type ResourceKind } from '../../src/shared/schemas/common.js';
import {
  REST_PROCEDURES,
  callProcedure,
  receivedOverRest,
  restRequest,
  routeName,
  type RestProcedure,
} from '../helpers/api-surface.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import {
  badValueCases,
  plantedKinds,
  rawCases,
  validInput,
  type BadValueCase,
  type RawCase,
} from '../helpers/derived-cases.js';
import { fixtureOf, plantIds } from '../helpers/resources.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * Bad inputs on every REST route that takes input, and the same values through the tRPC caller.
 * The cases are generated from each procedure's input schema (docs/testing.md#derived-tables):
 * wrong types, missing fields, over-long and blank text, NUL, values outside an enum or pattern
 * or range, malformed and unknown ids; and for REST, malformed bodies, content types and paths.
 * Each case checks the status, the failure envelope, that nothing leaks (stack traces, SQL) and
 * that nothing changed in the database. The exact words of each field's messages are checked
 * next to the schemas (src/shared/schemas/messages.test.ts).
 */

const LEAK_MARKERS = [
  '    at ',
  '.ts:',
  'node_modules',
  'select ',
  'insert ',
  'update ',
  'syntax error at',
  'violates',
  'relation ',
];

function expectNoLeak(text: string): void {
  const lower = text.toLowerCase();
  for (const marker of LEAK_MARKERS) expect(lower).not.toContain(marker);
}

function expectFailureBody(body: string, expected: { code: string; message: string }): void {
  expectNoLeak(body);
  expect(JSON.parse(body)).toMatchObject({
    success: false,
    code: expected.code,
    message: expected.message,
    requestId: expect.any(String),
  });
}

/** The first issue the procedure's own schema finds in an input, or null when it passes. */
function firstIssue(procedure: RestProcedure, input: unknown): z.core.$ZodIssue | null {
  const result = (procedure.input as z.ZodType).safeParse(input);
  return result.success ? null : (result.error.issues[0] ?? null);
}

interface DoorCase extends BadValueCase {
  procedure: RestProcedure;
  label: string;
}

/** Ids of the right shape, to judge a case before the real ones exist. */
const SOME_IDS = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, randomUUID()]));

/** A case for a door, or none where that door turns the value into a valid one (query text). */
function casesFor(door: 'rest' | 'trpc'): DoorCase[] {
  return REST_PROCEDURES.filter((procedure) => procedure.input).flatMap((procedure) =>
    badValueCases(procedure)
      .filter((c) => {
        if (c.expected.kind !== 'invalid') return true;
        // A path parameter cannot be left out of a path.
        if (door === 'rest' && procedure.pathParams.includes(c.field) && !(c.field in c.input)) {
          return false;
        }
        const input = plantIds(c.input, SOME_IDS);
        const received = door === 'rest' ? receivedOverRest(procedure, input) : input;
        return firstIssue(procedure, received) !== null;
      })
      .map((c) => ({ ...c, procedure, label: `${routeName(procedure)} ${c.name}` })),
  );
}

const REST_CASES = casesFor('rest');
const TRPC_CASES = casesFor('trpc');
const RAW_CASES = REST_PROCEDURES.flatMap((procedure) =>
  rawCases(procedure).map((c) => ({
    ...c,
    procedure,
    label: `${routeName(procedure)}: ${c.name}`,
  })),
);

describe('bad inputs', () => {
  let t: TestApp;
  let user: TestUser;
  const ownIds: Partial<Record<ResourceKind, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    for (const kind of plantedKinds(REST_PROCEDURES)) {
      ownIds[kind] = await fixtureOf(kind).create(t, user);
    }
    await t.caller(user).expense.create({ amount: 2.5, description: 'Cash' });
    // Someone else's data is in the snapshot too.
    const other = await t.signUp();
    for (const kind of plantedKinds(REST_PROCEDURES)) await fixtureOf(kind).create(t, other);
  });
  afterAll(() => t.close());

  /** Runs `act` and checks that no account and no ledger row changed. */
  async function expectNothingChanged<T>(act: () => Promise<T>): Promise<T> {
    const before = await moneySnapshot(t);
    expect(before.accounts.length).toBeGreaterThan(0);
    expect(before.transactionCount).toBeGreaterThan(0);
    const result = await act();
    expect(await moneySnapshot(t)).toEqual(before);
    return result;
  }

  /** The code, message and (for a 400) field of the refusal a case must get. */
  function expectedRefusal(c: DoorCase, received: unknown) {
    if (c.expected.kind === 'not found') {
      return { status: 404, code: 'NOT_FOUND', message: c.expected.message, field: null };
    }
    const issue = firstIssue(c.procedure, received);
    // The generator's own check: the case is about the field it names.
    expect(issue?.path[0], `${c.label}: first issue`).toBe(c.field);
    return {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: issue?.message ?? '',
      field: c.field,
    };
  }

  it('generates cases for every route that takes input', () => {
    const covered = new Set(REST_CASES.map((c) => c.procedure.path));
    for (const procedure of REST_PROCEDURES) {
      const fields = Object.keys((procedure.input as z.ZodObject | undefined)?.shape ?? {});
      if (fields.length > 0) expect(covered, routeName(procedure)).toContain(procedure.path);
    }
  });

  describe('REST: bad values', () => {
    it.each(REST_CASES.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
      const input = plantIds(c.input, ownIds);
      const expected = expectedRefusal(c, receivedOverRest(c.procedure, input));
      const res = await expectNothingChanged(() => t.rest(user, restRequest(c.procedure, input)));
      expect(res.statusCode).toBe(expected.status);
      expectFailureBody(res.body, expected);
      if (expected.field) {
        expect(res.json().issues[0]).toMatchObject({ path: expect.stringMatching(/\S/) });
      }
    });
  });

  describe('tRPC caller: the same bad values', () => {
    it.each(TRPC_CASES.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
      const input = plantIds(c.input, ownIds);
      const expected = expectedRefusal(c, input);
      const error = await expectNothingChanged(async () => {
        try {
          await callProcedure(t.caller(user), c.procedure, input);
        } catch (caught) {
          return caught;
        }
        throw new Error('expected the call to be refused, but it succeeded');
      });
      expect(error).toBeInstanceOf(TRPCError);
      const described = describeError(error as TRPCError);
      expect(described).toMatchObject({
        status: expected.status,
        code: expected.code,
        message: expected.message,
      });
      expectNoLeak((error as TRPCError).message);
    });
  });

  describe('REST: malformed requests', () => {
    function rawRequest(c: RawCase & { procedure: RestProcedure }): InjectOptions {
      const careful = plantIds(validInput(c.procedure), ownIds);
      const base = restRequest(c.procedure, careful);
      const url =
        c.rawPathValue === undefined
          ? base.url
          : c.procedure.route.replace(/\{(\w+)\}/g, c.rawPathValue);
      const bodyFields = Object.fromEntries(
        Object.entries(careful).filter(([key]) => !c.procedure.pathParams.includes(key)),
      );
      const body = typeof c.body === 'function' ? c.body(bodyFields) : c.body;
      return {
        method: c.procedure.method,
        url,
        ...(body !== undefined && {
          payload: body,
          headers: { 'content-type': c.contentType ?? 'application/json' },
        }),
      };
    }

    it.each(RAW_CASES.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
      const res = await expectNothingChanged(() => t.rest(user, rawRequest(c)));
      expect(res.statusCode).toBe(c.status);
      const code = {
        400: 'VALIDATION_ERROR',
        413: 'PAYLOAD_TOO_LARGE',
        415: 'UNSUPPORTED_MEDIA_TYPE',
      };
      let message: string;
      if (typeof c.message === 'string') {
        message = c.message;
      } else {
        const careful = receivedOverRest(c.procedure, plantIds(validInput(c.procedure), ownIds));
        const issue = firstIssue(c.procedure, { ...careful, [c.message.field]: c.message.value });
        message = issue?.message ?? '';
      }
      expectFailureBody(res.body, { code: code[c.status], message });
    });
  });

  it('the happy path still works after all of the above', async () => {
    const id = ownIds.account as string;
    const res = await t.rest(user, { method: 'GET', url: `/api/account/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id, balance: 70 } });
  });
});
