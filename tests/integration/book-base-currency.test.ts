import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';

/**
 * A book's base currency (docs/money.md#base-currency): USD for every book until changed, set with
 * PATCH /api/book to a current ISO 4217 code only, carried by the full export and restored from
 * it (USD from a file written before base currencies).
 */
describe(`a book's base currency (${testBackend})`, () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  const patch = (user: TestUser, payload: unknown) =>
    t.rest(user, {
      method: 'PATCH',
      url: '/api/book',
      payload: payload as object,
      headers: { 'idempotency-key': randomUUID() },
    });
  const read = async (user: TestUser) =>
    (await t.rest(user, { method: 'GET', url: '/api/book' })).json<{
      data: { baseCurrency: string; name: string };
    }>().data;
  const restore = (user: TestUser, file: BookExport) =>
    t.rest(user, {
      method: 'POST',
      url: '/api/book/restore',
      headers: { 'idempotency-key': randomUUID() },
      payload: { file },
    });

  it('is USD for a new book, and a PATCH sets it for that book only', async () => {
    expect((await read(ann)).baseCurrency).toBe('USD');
    const saved = await patch(ann, { baseCurrency: 'EUR' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Book updated', data: { baseCurrency: 'EUR' } });
    expect((await read(ann)).baseCurrency).toBe('EUR');
    expect((await read(bob)).baseCurrency).toBe('USD');
    // Codes of every exponent are books' currencies alike.
    for (const code of ['JPY', 'KWD', 'CLF', 'USD']) {
      expect((await patch(bob, { baseCurrency: code })).json()).toMatchObject({
        data: { baseCurrency: code },
      });
    }
  });

  it('leaves the base currency alone when other fields change', async () => {
    await patch(ann, { baseCurrency: 'CHF' });
    expect((await patch(ann, { name: 'Household' })).statusCode).toBe(200);
    expect(await read(ann)).toMatchObject({ name: 'Household', baseCurrency: 'CHF' });
  });

  const refusal = 'baseCurrency must be a current ISO 4217 currency code such as EUR';
  it.each([
    [{ baseCurrency: 'ABC' }, refusal],
    [{ baseCurrency: 'eur' }, refusal],
    [{ baseCurrency: 'EURO' }, refusal],
    [{ baseCurrency: 'DEM' }, refusal],
    [{ baseCurrency: 'XAU' }, refusal],
    [{ baseCurrency: '' }, refusal],
    [{ baseCurrency: 978 }, refusal],
    [{ baseCurrency: null }, refusal],
  ])('refuses %j with a 400 that says why, changing nothing', async (payload, message) => {
    await patch(bob, { baseCurrency: 'GBP' });
    const refused = await patch(bob, payload);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ success: boolean; message: string }>();
    expect(body.success).toBe(false);
    expect(body.message).toContain(message);
    // Said once, not once per check.
    expect(body.message.split(message)).toHaveLength(2);
    expect((await read(bob)).baseCurrency).toBe('GBP');
  });

  it('is the same through the typed caller', async () => {
    const caller = t.caller(ann, { idempotencyKey: randomUUID() });
    expect((await caller.book.update({ baseCurrency: 'KWD' })).data.baseCurrency).toBe('KWD');
    expect((await t.caller(ann).book.get({})).data.baseCurrency).toBe('KWD');
  });

  it('travels with the full export and comes back with a restore', async () => {
    const owner = await t.signUp();
    await patch(owner, { baseCurrency: 'JPY' });
    const file = (await t.caller(owner).bookData.export({})).data;
    expect(file.book.baseCurrency).toBe('JPY');
    const someone = await t.signUp();
    const restored = await restore(someone, file);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(someone)).baseCurrency).toBe('JPY');
    expect((await t.caller(someone).bookData.export({})).data.book.baseCurrency).toBe('JPY');
  });

  it('restores a file written before base currencies as a USD book', async () => {
    const owner = await t.signUp();
    const { baseCurrency: _dropped, ...oldBook } = (await t.caller(owner).bookData.export({})).data
      .book;
    const file = { ...(await t.caller(owner).bookData.export({})).data, book: oldBook };
    expect(file.book).not.toHaveProperty('baseCurrency');
    const someone = await t.signUp();
    // A book set to another currency before the restore still ends up as the file says: USD.
    await patch(someone, { baseCurrency: 'EUR' });
    const restored = await restore(someone, file);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(someone)).baseCurrency).toBe('USD');
  });

  it('refuses a file whose base currency is not a current code, restoring nothing', async () => {
    const owner = await t.signUp();
    const file = (await t.caller(owner).bookData.export({})).data;
    const someone = await t.signUp();
    const refused = await restore(someone, {
      ...file,
      book: { ...file.book, baseCurrency: 'FRF' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(refusal);
    expect((await read(someone)).baseCurrency).toBe('USD');
  });
});
