import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * A person's settings (docs/settings.md): the locale is theirs, kept in its canonical spelling,
 * refused when the platform cannot use it, and never seen or changed by anyone else.
 */
describe(`settings (${testBackend})`, () => {
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
      url: '/api/settings',
      payload: payload as object,
      headers: { 'idempotency-key': randomUUID() },
    });
  const read = async (user: TestUser) =>
    (await t.rest(user, { method: 'GET', url: '/api/settings' })).json<{
      data: { locale: string | null };
    }>().data;

  it("starts on the browser's locale (null) and keeps the chosen one canonical", async () => {
    expect(await read(ann)).toEqual({ locale: null });
    const saved = await patch(ann, { locale: ' de-de ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Settings saved', data: { locale: 'de-DE' } });
    expect(await read(ann)).toEqual({ locale: 'de-DE' });
    // Another person's settings are their own.
    expect(await read(bob)).toEqual({ locale: null });
    expect((await patch(ann, { locale: null })).statusCode).toBe(200);
    expect(await read(ann)).toEqual({ locale: null });
  });

  it.each([
    [{ locale: 'not a locale!' }, 'locale must be a language tag such as en-US or de-DE'],
    [{ locale: '' }, 'locale must not be empty: send null for the browser’s'],
    [{ locale: 'x'.repeat(36) }, 'locale must be at most 35 characters'],
    [{ locale: 42 }, 'locale must be text'],
    [{}, 'Nothing to change: send locale'],
  ])('refuses %j with its reason and changes nothing', async (payload, message) => {
    await patch(bob, { locale: 'fr-FR' });
    const refused = await patch(bob, payload);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(message);
    expect(await read(bob)).toEqual({ locale: 'fr-FR' });
  });

  it('is the same through the typed caller', async () => {
    const caller = t.caller(ann, { idempotencyKey: randomUUID() });
    expect((await caller.settings.update({ locale: 'en-IN' })).data).toEqual({ locale: 'en-IN' });
    expect((await t.caller(ann).settings.get({})).data).toEqual({ locale: 'en-IN' });
  });
});
