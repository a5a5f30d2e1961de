import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { listRestProcedures } from '../../src/server/http/rest-procedures.js';
import { ok, okMessage } from '../../src/server/trpc/envelope.js';
import { buildOpenApiDocument } from '../../src/server/http/openapi.js';
import {
  idempotencyHeaders,
  idempotentMutation,
} from '../../src/server/trpc/idempotent-mutation.js';
import { protectedProcedure, publicProcedure, router } from '../../src/server/trpc/init.js';
import { listProcedures } from '../../src/server/trpc/procedures.js';
import {
  accountIdSchema,
  amountSchema,
  messageEnvelope,
  optionalText,
} from '../../src/shared/schemas/common.js';
import {
  badValueCases,
  idRoutes,
  protectedRoutes,
  rawCases,
  validInput,
} from '../helpers/derived-cases.js';
import { IdOf } from '../helpers/resources.js';

/**
 * A procedure added with `openapi` meta is mounted, fuzzed, authorised and bad-input-tested
 * with no table in tests/ to edit (docs/testing.md#derived-tables). This router stands in for
 * such a procedure: the same functions that build the real tables must pick it up.
 */
const probeRouter = router({
  touch: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/probe/{id}/touch',
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(z.object({ id: accountIdSchema, amount: amountSchema, note: optionalText('Note', 50) }))
    .output(messageEnvelope)
    .mutation(idempotentMutation(async () => okMessage('Touched'))),
  peek: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/api/probe', protect: false } })
    .input(z.object({ limit: z.number().int().min(1).max(9).optional() }))
    .output(z.object({ success: z.literal(true), data: z.number() }))
    .query(() => ok(1)),
});

const [touch, peek] = listRestProcedures(probeRouter);

describe('tables derived from the router', () => {
  it('reads a new route from its procedure', () => {
    expect(listProcedures(probeRouter).map((procedure) => procedure.path)).toEqual([
      'touch',
      'peek',
    ]);
    expect(touch).toMatchObject({
      path: 'touch',
      method: 'POST',
      route: '/api/probe/{id}/touch',
      url: '/api/probe/:id/touch',
      pathParams: ['id'],
      takesBody: true,
      protected: true,
      idempotent: true,
    });
    expect(peek).toMatchObject({ protected: false, idempotent: false, takesBody: false });
    expect([...(peek?.numericQueryFields ?? [])]).toEqual(['limit']);
  });

  it('authorises it: 401 without a session, 404 for ids of others', () => {
    const list = listRestProcedures(probeRouter);
    expect(protectedRoutes(list)).toEqual([touch]);
    expect(idRoutes(list)).toEqual([touch]);
    expect(validInput(touch as never)).toEqual({ id: new IdOf('account'), amount: 12.5 });
  });

  it('tests it with bad values of every field', () => {
    const names = badValueCases(touch as never).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'id: malformed id "abc"',
        'id: unknown id (a random UUID)',
        'amount missing',
        'amount: numeric text',
        'amount: 0 (not above the minimum)',
        'amount: -1',
        'note: 51 characters',
        'note: text with NUL',
      ]),
    );
    expect(badValueCases(peek as never).map((c) => c.name)).toEqual(
      expect.arrayContaining(['limit: 0', 'limit: 10', 'limit: 1.5']),
    );
    const raw = rawCases(touch as never).map((c) => c.name);
    expect(raw).toEqual(
      expect.arrayContaining([
        'broken JSON',
        'text/plain body',
        'amount 1e309 (parses to Infinity)',
        'an undecodable path (%ZZ)',
      ]),
    );
  });

  it('documents it with every status it can answer, derived from what it is', () => {
    const document = buildOpenApiDocument(probeRouter as never, '0', {
      liveEvents: false,
    }) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: [] }>>;
    };
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    // Input, body, session, its book (named by bookId: 400, 404; being restored: 409; a write
    // asks more than a viewer's role: 403), id, Idempotency-Key, the writes limit, a change
    // retried past its deadlocks (503); 408 and 500 everywhere.
    expect(statuses('/api/probe/{id}/touch', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '408',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    // A public query with one optional field: 400 for it, nothing else of its own.
    expect(statuses('/api/probe', 'get')).toEqual(['200', '400', '408', '500']);
    expect(document.paths['/api/probe']?.get?.security).toEqual([]);
  });

  it('refuses to start when the meta says other than the procedure does', () => {
    const lying = (build: () => Parameters<typeof router>[0]) => () =>
      listRestProcedures(router(build()));
    expect(
      lying(() => ({
        p: protectedProcedure
          .meta({ openapi: { method: 'GET', path: '/api/p', protect: false } })
          .input(z.object({}))
          .query(() => 1),
      })),
    ).toThrow(/openapi.protect must be true/);
    expect(
      lying(() => ({
        p: publicProcedure
          .meta({ openapi: { method: 'GET', path: '/api/p' } })
          .input(z.object({}))
          .query(() => 1),
      })),
    ).toThrow(/openapi.protect must be false/);
    expect(
      lying(() => ({
        p: protectedProcedure
          .meta({ openapi: { method: 'POST', path: '/api/p' } })
          .input(z.object({}))
          .mutation(idempotentMutation(async () => 1)),
      })),
    ).toThrow(/must document requestHeaders/);
    expect(
      lying(() => ({
        p: protectedProcedure
          .meta({ openapi: { method: 'POST', path: '/api/p', requestHeaders: idempotencyHeaders } })
          .input(z.object({}))
          .mutation(() => 1),
      })),
    ).toThrow(/not an idempotentMutation/);
  });
});
