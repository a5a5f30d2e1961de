import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesSyncFirst, parsingSyncFirst } from './zod-sync-first.js';
import { appRouter } from '../app-router.js';
import { listProcedures } from './procedures.js';
import { accountListOutput as sharedAccountList } from '../../shared/schemas/account.js';

// The shared schema as a procedure builder hands it to tRPC.
const accountListOutput = parsingSyncFirst(sharedAccountList);

const account = {
  id: '0b6f3c1e-1111-4a4a-8a8a-000000000001',
  title: 'Wallet',
  description: '',
  icon: 'wallet',
  color: '#112233',
  type: 'other',
  onBudget: true,
  currency: 'USD',
  balance: 12.5,
  creditLimit: 0,
  available: 12.5,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

describe('parseAsync tries the synchronous parse first', () => {
  it('gives what parse gives, unknown keys stripped', async () => {
    const value = { success: true, data: [{ ...account, secret: 'x' }] };
    await expect(accountListOutput.parseAsync(value)).resolves.toEqual(
      accountListOutput.parse(value),
    );
    expect(
      ((await accountListOutput.parseAsync(value)) as typeof value).data[0],
    ).not.toHaveProperty('secret');
  });

  it('rejects with the ZodError parse throws', async () => {
    const bad = { success: true, data: [{ ...account, balance: 'lots' }] };
    const rejection = await accountListOutput.parseAsync(bad).catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(z.ZodError);
    expect((rejection as z.ZodError).issues).toEqual(
      (accountListOutput.safeParse(bad).error as z.ZodError).issues,
    );
  });

  it('still runs asynchronous refinements, which parse alone cannot', async () => {
    const slowCheck = parsingSyncFirst(
      z.string().refine(async (value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return value === 'yes';
      }, 'not yes'),
    );
    expect(parsesSyncFirst(slowCheck)).toBe(true);
    expect(() => slowCheck.parse('yes')).toThrow();
    await expect(slowCheck.parseAsync('yes')).resolves.toBe('yes');
    await expect(slowCheck.parseAsync('no')).rejects.toBeInstanceOf(z.ZodError);
  });

  it('is what every procedure of the app parses its input and output with', () => {
    const procedures = listProcedures(appRouter);
    expect(procedures.length).toBeGreaterThan(40);
    const slow = procedures.flatMap(({ path, input, output }) => [
      ...(input && !parsesSyncFirst(input) ? [`${path} input`] : []),
      ...(output && !parsesSyncFirst(output) ? [`${path} output`] : []),
    ]);
    expect(slow).toEqual([]);
    expect(procedures.filter((p) => p.output).length).toBe(procedures.length);
  });
});
