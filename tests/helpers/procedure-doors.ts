import { TRPCError } from '@trpc/server';
import { describeError } from '../../src/server/trpc/errors.js';
import { PROCEDURES, REST_PROCEDURES, callProcedure, restRequest } from './api-surface.js';
import type { Outcome } from './doors.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * Any procedure by its dotted path, through one door: REST (the documented route, inputs in the
 * path, query or body as a client would send them) or tRPC (a caller). For tests of procedures
 * the Door interface does not name.
 */
export type ProcedureDoor = (path: string, input?: Record<string, unknown>) => Promise<Outcome>;

export function procedureDoor(
  t: TestApp,
  user: TestUser | null,
  door: 'rest' | 'trpc',
): ProcedureDoor {
  return async (path, input = {}) => {
    if (door === 'rest') {
      const procedure = REST_PROCEDURES.find((p) => p.path === path);
      if (!procedure) throw new Error(`no REST route for ${path}`);
      const res = await t.rest(user, restRequest(procedure, input));
      return { status: res.statusCode, body: res.json() };
    }
    const procedure = PROCEDURES.find((p) => p.path === path);
    if (!procedure) throw new Error(`no procedure ${path}`);
    try {
      return { status: 200, body: await callProcedure(t.caller(user), procedure, input) };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const { status, ...rest } = describeError(error);
      return { status, body: { success: false, ...rest } };
    }
  };
}

export const PROCEDURE_DOORS = ['rest', 'trpc'] as const;
